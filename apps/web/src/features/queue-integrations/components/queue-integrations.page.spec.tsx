import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueueIntegrationView } from '@atrium/contracts';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import QueueIntegrationsPage from './queue-integrations.page';

const typebot: QueueIntegrationView = {
  id: 4,
  companyId: 3,
  type: 'typebot',
  name: 'Bot de vendas',
  projectName: null,
  jsonContent: null,
  language: null,
  urlN8N: 'https://typebot.example.com',
  typebotSlug: 'vendas',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: null,
  typebotKeywordRestart: null,
  typebotRestartMessage: null,
  typebotUnknownMessage: null,
  createdAt: '',
  updatedAt: '',
};
const listOf = (items: QueueIntegrationView[]) => ({ queueIntegrations: items, count: items.length, hasMore: false });

describe('queue integrations page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('lists integrations with their type logo and creates a Typebot one with its fields', async () => {
    api = fakeApi({
      'GET /queueIntegration/': { body: listOf([typebot]) },
      'POST /queueIntegration': { status: 201, body: { ...typebot, id: 5 } },
    });
    renderWithLiveSocket(
      [{ path: '*', element: <QueueIntegrationsPage /> }],
      '/queue-integration',
      aSessionUser({ profile: 'admin', flags: { useIntegrations: true } }),
    );
    const row = (await screen.findByText('Bot de vendas')).closest('tr')!;
    expect(within(row).getByTestId('integration-logo-typebot')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('add-integration'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('queue-integration-submit'));
    expect((await within(dialog).findAllByText('Obrigatório')).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByTestId('integration-name'), { target: { value: 'Suporte' } });
    fireEvent.change(within(dialog).getByTestId('integration-url'), { target: { value: 'https://typebot.example.com' } });
    fireEvent.change(within(dialog).getByTestId('integration-slug'), { target: { value: 'suporte' } });
    fireEvent.click(within(dialog).getByTestId('queue-integration-submit'));
    await waitFor(() => expect(api.callsTo('POST /queueIntegration')).toHaveLength(1));
    expect(api.callsTo('POST /queueIntegration')[0]!.body).toMatchObject({
      type: 'typebot',
      name: 'Suporte',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'suporte',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
    });
    expect(await screen.findByText('Integração salva com sucesso.')).toBeInTheDocument();
  });

  it('runs the Dialogflow test session with the typed credentials and shows the answer', async () => {
    const dialogflow: QueueIntegrationView = {
      ...typebot,
      id: 6,
      type: 'dialogflow',
      name: 'Dialogflow loja',
      projectName: 'loja',
      jsonContent: '********',
      language: 'pt-BR',
      urlN8N: null,
      typebotSlug: null,
    };
    api = fakeApi({
      'GET /queueIntegration/': { body: listOf([dialogflow]) },
      'GET /queueIntegration/6': { body: dialogflow },
      'POST /queueIntegration/testSession': {
        body: { queryText: 'Olá', intent: 'Default Welcome Intent', fulfillmentTexts: ['Olá! Como posso ajudar?'], endInteraction: false },
      },
    });
    renderWithLiveSocket(
      [{ path: '*', element: <QueueIntegrationsPage /> }],
      '/queue-integration',
      aSessionUser({ profile: 'admin', flags: { useIntegrations: true } }),
    );
    const row = (await screen.findByText('Dialogflow loja')).closest('tr')!;
    fireEvent.click(within(row).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('integration-project')).toHaveValue('loja'));
    fireEvent.click(within(dialog).getByTestId('integration-test-session'));
    expect(await screen.findByText('Informe o projeto e cole o JSON da conta de serviço para testar.')).toBeInTheDocument();
    expect(api.callsTo('POST /queueIntegration/testSession')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('integration-json'), { target: { value: '{"client_email":"a@b.c"}' } });
    fireEvent.click(within(dialog).getByTestId('integration-test-session'));
    expect(await within(dialog).findByTestId('integration-test-answer')).toHaveTextContent('Olá! Como posso ajudar?');
    expect(api.callsTo('POST /queueIntegration/testSession')[0]!.body).toEqual({
      projectName: 'loja',
      jsonContent: '{"client_email":"a@b.c"}',
      language: 'pt-BR',
    });
  });
});
