import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

function mount() {
  const store = createStore();
  store.dispatch(loggedIn({ token: 'jwt', user: aSessionUser({ flags: { useCampaigns: true } }) }));
  const socket = new LocalSocket();
  render(
    <AppProviders store={store}>
      <SocketContext.Provider value={socket.asSocket()}>
        <MemoryRouter>
          <CampaignsPage />
        </MemoryRouter>
      </SocketContext.Provider>
    </AppProviders>,
  );
  return socket;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('campaigns page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const running = aCampaign(2, {
    name: 'Natal',
    status: 'EM_ANDAMENTO',
    confirmation: true,
    scheduledAt: '2026-03-05T17:30:00.000Z',
    contactList: { id: 4, name: 'Clientes' },
    contactListId: 4,
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Vendas' },
  });
  const cancelled = aCampaign(3, { name: 'Páscoa', status: 'CANCELADA' });
  const draft = aCampaign(1, { name: 'Rascunho' });

  it('shows the spec fallback texts, the status and the actions each status allows', async () => {
    api = fakeApi({ 'GET /campaigns/': { body: { records: [draft, running, cancelled], count: 3, hasMore: false } } });
    mount();
    await screen.findByText('Rascunho');
    const draftRow = within(rowOf('Rascunho'));
    expect(draftRow.getByText('Inativa')).toBeInTheDocument();
    expect(draftRow.getByText('Não definida')).toBeInTheDocument();
    expect(draftRow.getByText('Não definido')).toBeInTheDocument();
    expect(draftRow.getByText('Sem agendamento')).toBeInTheDocument();
    expect(draftRow.getByText('Não concluída')).toBeInTheDocument();
    expect(draftRow.getByText('Desabilitada')).toBeInTheDocument();
    expect(draftRow.queryByLabelText('Parar Campanha')).toBeNull();
    expect(draftRow.queryByLabelText('Reiniciar Campanha')).toBeNull();

    const runningRow = within(rowOf('Natal'));
    expect(runningRow.getByText('Em Andamento')).toBeInTheDocument();
    expect(runningRow.getByText('Clientes')).toBeInTheDocument();
    expect(runningRow.getByText('Vendas')).toBeInTheDocument();
    expect(runningRow.getByText('Habilitada')).toBeInTheDocument();
    expect(runningRow.getByLabelText('Parar Campanha')).toBeInTheDocument();
    expect(runningRow.queryByLabelText('Reiniciar Campanha')).toBeNull();

    const cancelledRow = within(rowOf('Páscoa'));
    expect(cancelledRow.getByLabelText('Reiniciar Campanha')).toBeInTheDocument();
    expect(cancelledRow.queryByLabelText('Parar Campanha')).toBeNull();
    for (const row of [draftRow, runningRow, cancelledRow]) {
      expect(row.getByLabelText('Relatório')).toBeInTheDocument();
      expect(row.getByLabelText('Editar')).toBeInTheDocument();
      expect(row.getByLabelText('Excluir')).toBeInTheDocument();
    }
  });

  it('cancels a running campaign, and the live update turns its row Cancelada', async () => {
    api = fakeApi({
      'GET /campaigns/': { body: { records: [running], count: 1, hasMore: false } },
      'POST /campaigns/2/cancel': { body: { ...running, status: 'CANCELADA' } },
    });
    const socket = mount();
    await screen.findByText('Natal');
    fireEvent.click(within(rowOf('Natal')).getByLabelText('Parar Campanha'));
    await screen.findByText('Campanha cancelada');
    expect(api.callsTo('POST /campaigns/2/cancel')).toHaveLength(1);
    act(() => socket.serverEmits('company-3-campaign', { action: 'update', record: { ...running, status: 'CANCELADA' } }));
    await waitFor(() => expect(within(rowOf('Natal')).getByText('Cancelada')).toBeInTheDocument());
    expect(within(rowOf('Natal')).getByLabelText('Reiniciar Campanha')).toBeInTheDocument();
  });

  it('shows a failed restart as its error message', async () => {
    api = fakeApi({
      'GET /campaigns/': { body: { records: [cancelled], count: 1, hasMore: false } },
      'POST /campaigns/3/restart': { status: 400, body: { error: 'ERR_CAMPAIGN_WRONG_STATUS' } },
    });
    mount();
    await screen.findByText('Páscoa');
    fireEvent.click(within(rowOf('Páscoa')).getByLabelText('Reiniciar Campanha'));
    await screen.findByText('A situação da campanha não permite esta ação.');
  });

  it('opens a running campaign read-only, with the cancel button and the confirmation messages beside the messages', async () => {
    api = fakeApi({
      'GET /campaigns/': { body: { records: [running], count: 1, hasMore: false } },
      'GET /campaigns/2': { body: running },
      'GET /contact-lists/list': { body: [{ id: 4, name: 'Clientes', contactsCount: 3 }] },
      'GET /whatsapp/': { body: [] },
      'GET /tags/list': { body: [] },
      'GET /files/': { body: { files: [], count: 0, hasMore: false } },
      'GET /campaign-settings': { body: [{ key: 'variables', value: JSON.stringify([{ key: 'cupom', value: 'NATAL10' }]), companyId: 3 }] },
    });
    mount();
    await screen.findByText('Natal');
    fireEvent.click(within(rowOf('Natal')).getByLabelText('Editar'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Esta campanha não pode mais ser editada.');
    expect(within(dialog).getByTestId('campaign-message-1')).toBeDisabled();
    expect(await within(dialog).findByTestId('campaign-confirmation-message-1')).toBeDisabled();
    expect(within(dialog).queryByTestId('campaign-form-submit')).toBeNull();
    expect(within(dialog).getByTestId('campaign-form-cancel-campaign')).toBeInTheDocument();
    expect(within(dialog).getByTestId('campaign-variables-hint')).toHaveTextContent('{nome}, {numero}, {email}, {cupom}');
  });
});
