import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/app-providers';
import { createStore } from '../../../app/store';
import { loggedIn } from '../../auth/auth.slice';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { LocalSocket } from '../../../../test/local-socket';
import { aCampaign } from '../../../../test/campaign-fixtures';
import { aSessionUser } from '../../../../test/session-user';
import { SocketContext } from '../../realtime/socket.context';
import CampaignsPage from './campaigns.page';
import '../../../i18n/i18n';
import { anApprovedTemplate } from '../../../../test/template-fixtures';

function mount() {
  const store = createStore();
  store.dispatch(loggedIn({ token: 'jwt', user: aSessionUser({ flags: { useCampaigns: true } }) }));
  render(
    <AppProviders store={store}>
      <SocketContext.Provider value={new LocalSocket().asSocket()}>
        <MemoryRouter>
          <CampaignsPage />
        </MemoryRouter>
      </SocketContext.Provider>
    </AppProviders>,
  );
}

const template = anApprovedTemplate;

/**
 * The campaign dialog on a Cloud API connection (issue 26): the messages give way to one of the
 * connection's approved templates, each of its variables mapped to a text or the list's columns.
 */
describe('campaign dialog: a template on a Cloud API connection', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('asks for an approved template instead of the messages, maps its variables to the list columns and sends them', async () => {
    api = fakeApi({
      'GET /campaigns/': { body: { records: [], count: 0, hasMore: false } },
      'GET /contact-lists/list': { body: [{ id: 4, name: 'Clientes', contactsCount: 3 }] },
      'GET /whatsapp/': {
        body: [
          { id: 2, name: 'Celular', provider: 'beta' },
          { id: 5, name: 'Oficial', provider: 'cloud' },
        ],
      },
      'GET /whatsapp/5/templates': { body: [template, { ...template, id: 2, name: 'em_analise', status: 'PENDING' }] },
      'GET /tags/list': { body: [] },
      'GET /files/': { body: { files: [], count: 0, hasMore: false } },
      'GET /campaign-settings': { body: [] },
      'POST /campaigns': { status: 201, body: aCampaign(9, { name: 'Pedidos' }) },
    });
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /Nova Campanha/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Pedidos' } });
    expect(within(dialog).getByTestId('campaign-message-1')).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByTestId('campaign-whatsapp').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('Oficial'));
    // the messages give way to the template
    await within(dialog).findByTestId('campaign-template');
    expect(within(dialog).queryByTestId('campaign-message-1')).toBeNull();

    // only approved templates are offered
    fireEvent.mouseDown(within(dialog).getByTestId('campaign-template-select').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('pedido_pronto (pt_BR)'));
    expect(screen.queryByTitle('em_analise (pt_BR)')).toBeNull();
    const first = within(dialog).getByTestId('campaign-template-body-0').querySelector('input')!;
    const second = within(dialog).getByTestId('campaign-template-body-1').querySelector('input')!;
    expect(first).toHaveValue('{nome}');
    expect(second).toHaveValue('');

    // a variable left without a value: refused in the dialog, nothing sent
    fireEvent.click(within(dialog).getByTestId('campaign-form-submit'));
    expect(await within(dialog).findByText('Escolha um modelo e preencha todas as variáveis', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsTo('POST /campaigns')).toHaveLength(0);

    fireEvent.change(second, { target: { value: '{numero}' } });
    expect(within(dialog).getByTestId('campaign-template-preview')).toHaveTextContent('Olá {nome}, seu pedido {numero} está pronto');
    fireEvent.click(within(dialog).getByTestId('campaign-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /campaigns')).toHaveLength(1), { timeout: 10_000 });
    expect(api.callsTo('POST /campaigns')[0]!.body).toMatchObject({
      name: 'Pedidos',
      whatsappId: 5,
      message1: null,
      template: { name: 'pedido_pronto', language: 'pt_BR', parameters: { body: ['{nome}', '{numero}'] } },
    });
  }, 120_000);
});
