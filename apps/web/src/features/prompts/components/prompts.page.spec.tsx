import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PromptView } from '@atrium/contracts';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import PromptsPage from './prompts.page';

const stored: PromptView = {
  id: 7,
  name: 'Atendente virtual',
  prompt: 'Você é a assistente da padaria.',
  apiKey: '********',
  queueId: 2,
  queue: { id: 2, name: 'Vendas' },
  maxTokens: 150,
  temperature: 1,
  maxMessages: 10,
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  createdAt: '',
  updatedAt: '',
};
const queues = [{ id: 2, name: 'Vendas', color: '#f00' }];

describe('prompts page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('lists name, queue and maxTokens; a prompt without a queue is refused with "Informe o setor"', async () => {
    api = fakeApi({ 'GET /prompt': { body: { prompts: [stored] } }, 'GET /queue': { body: queues } });
    renderWithLiveSocket(
      [{ path: '*', element: <PromptsPage /> }],
      '/prompts',
      aSessionUser({ profile: 'admin', flags: { useOpenAi: true } }),
    );
    const row = (await screen.findByText('Atendente virtual')).closest('tr')!;
    expect(within(row).getByText('Vendas')).toBeInTheDocument();
    expect(within(row).getByText('150')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('add-prompt'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('prompt-name-input'), { target: { value: 'Novo' } });
    fireEvent.click(within(dialog).getByTestId('prompt-form-submit'));
    expect(await screen.findByText('Informe o setor')).toBeInTheDocument();
    expect(api.callsTo('POST /prompt')).toHaveLength(0);
  }, 120_000);

  it('saves a new prompt with the spec defaults and the key the user typed', async () => {
    api = fakeApi({
      'GET /prompt': { body: { prompts: [] } },
      'GET /queue': { body: queues },
      'POST /prompt': { status: 201, body: { ...stored, id: 8 } },
    });
    renderWithLiveSocket(
      [{ path: '*', element: <PromptsPage /> }],
      '/prompts',
      aSessionUser({ profile: 'admin', flags: { useOpenAi: true } }),
    );
    fireEvent.click(await screen.findByTestId('add-prompt'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('prompt-name-input'), { target: { value: 'Novo' } });
    fireEvent.change(within(dialog).getByTestId('prompt-api-key'), { target: { value: 'sk-digitada' } });
    fireEvent.change(within(dialog).getByTestId('prompt-text'), { target: { value: 'Seja breve.' } });
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('Vendas'));
    fireEvent.click(within(dialog).getByTestId('prompt-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /prompt')).toHaveLength(1));
    expect(api.callsTo('POST /prompt')[0]!.body).toEqual({
      name: 'Novo',
      prompt: 'Seja breve.',
      queueId: 2,
      apiKey: 'sk-digitada',
      voice: 'texto',
      voiceRegion: '',
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
    });
  }, 120_000);

  it('never shows a stored key: editing starts with an empty key field, and leaving it empty keeps the key', async () => {
    api = fakeApi({
      'GET /prompt': { body: { prompts: [stored] } },
      'GET /prompt/7': { body: stored },
      'GET /queue': { body: queues },
      'PUT /prompt/7': { body: stored },
    });
    renderWithLiveSocket(
      [{ path: '*', element: <PromptsPage /> }],
      '/prompts',
      aSessionUser({ profile: 'admin', flags: { useOpenAi: true } }),
    );
    const row = (await screen.findByText('Atendente virtual')).closest('tr')!;
    fireEvent.click(within(row).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('prompt-name-input')).toHaveValue('Atendente virtual'));
    expect(within(dialog).getByTestId('prompt-api-key')).toHaveValue('');
    fireEvent.click(within(dialog).getByTestId('prompt-form-submit'));
    await waitFor(() => expect(api.callsTo('PUT /prompt/7')).toHaveLength(1));
    expect(api.callsTo('PUT /prompt/7')[0]!.body).not.toHaveProperty('apiKey');
  }, 120_000);
});
