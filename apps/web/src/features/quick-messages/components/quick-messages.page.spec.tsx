import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { aQuickMessage, page } from '../../../../test/tickets-fixtures';
import { insertAt } from './quick-message-form.modal';
import QuickMessagesPage from './quick-messages.page';

describe('quick messages page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it("shows the attachment name or 'Sem anexo', and saves a reply with a variable and an attachment", async () => {
    const saved = aQuickMessage({ id: 3, shortcode: 'boleto' });
    api = fakeApi({
      'GET /quick-messages': {
        body: page('records', [
          aQuickMessage({ id: 1, shortcode: 'ola' }),
          aQuickMessage({ id: 2, shortcode: 'tabela', mediaName: 'tabela.pdf', mediaPath: 'quick-messages/3/2/x-tabela.pdf' }),
        ]),
      },
      'POST /quick-messages': { status: 201, body: saved },
      'POST /quick-messages/3/media-upload': { body: { ...saved, mediaName: 'segunda_via.pdf' } },
    });
    renderWithLiveSocket([{ path: '*', element: <QuickMessagesPage /> }], '/quick-messages', aSessionUser({ profile: 'user' }));
    expect(within((await screen.findByText('/ola')).closest('tr')!).getByText('Sem anexo')).toBeInTheDocument();
    expect(within(screen.getByText('/tabela').closest('tr')!).getByText('tabela.pdf')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('add-quick-message'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('quick-message-form-submit'));
    expect(await within(dialog).findByText('Obrigatório')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Atalho'), { target: { value: 'boleto' } });
    fireEvent.change(within(dialog).getByTestId('quick-message-text'), { target: { value: 'Olá , segue o boleto' } });
    expect(within(dialog).getByTestId('quick-message-text')).toHaveAttribute('rows', '7');
    const file = new File(['%PDF'], 'segunda_via.pdf', { type: 'application/pdf' });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });
    expect(within(dialog).getByTestId('quick-message-attachment')).toHaveTextContent('segunda_via.pdf');
    fireEvent.click(within(dialog).getByTestId('quick-message-form-submit'));
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /quick-messages/3/media-upload'));
    expect(api.callsTo('POST /quick-messages')[0]!.body).toEqual({ shortcode: 'boleto', message: 'Olá , segue o boleto', geral: false });
    expect(await screen.findByText('Resposta rápida salva com sucesso.')).toBeInTheDocument();
  });

  it('inserts a variable where the cursor is', () => {
    expect(insertAt('Olá , tudo bem?', '{{firstName}}', 4, 4)).toBe('Olá {{firstName}}, tudo bem?');
    expect(insertAt('Fim', '{{hora}}', undefined, undefined)).toBe('Fim{{hora}}');
  });
});
