import { App } from 'antd';
import type { WhatsappSessionEventPayload, WhatsappView } from '@atrium/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/app-providers';
import { createStore } from '../../../app/store';
import { loggedIn } from '../../auth/auth.slice';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { LocalSocket } from '../../../../test/local-socket';
import { aSessionUser } from '../../../../test/session-user';
import { SocketContext } from '../../realtime/socket.context';
import ConnectionsPage, { formatLastUpdate } from './connections.page';
import '../../../i18n/i18n';

function aConnection(id: number, overrides: Partial<WhatsappView> = {}): WhatsappView {
  return {
    id,
    name: `Conexão ${id}`,
    status: 'CONNECTED',
    qrcode: '',
    pairingCode: '',
    retries: 0,
    statusReason: null,
    isDefault: false,
    provider: 'sandbox',
    number: null,
    updatedAt: '2025-06-10T14:05:00.000Z',
    companyId: 3,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    queueIds: [],
    queues: [],
    promptId: null,
    integrationId: null,
    flowId: null,
    transferQueueId: null,
    timeToTransfer: null,
    expiresTicket: 0,
    expiresInactiveMessage: '',
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    tokenHint: null,
    cloud: null,
    createdAt: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

function mount(profile: 'admin' | 'user' = 'admin') {
  const store = createStore();
  store.dispatch(loggedIn({ token: 'jwt', user: aSessionUser({ profile }) }));
  const socket = new LocalSocket();
  render(
    <AppProviders store={store}>
      {/* antd's App (modal API) wraps the pages in the signed-in shell. */}
      <App component={false}>
        <SocketContext.Provider value={socket.asSocket()}>
          <MemoryRouter>
            <ConnectionsPage />
          </MemoryRouter>
        </SocketContext.Provider>
      </App>
    </AppProviders>,
  );
  return socket;
}

/** The server emits an event to the page's socket. */
function emit(socket: LocalSocket, event: string, payload: unknown): void {
  act(() => socket.serverEmits(event, payload));
}

const sessionUpdate = (session: Partial<WhatsappView> & { id: number }): WhatsappSessionEventPayload => ({
  action: 'update',
  session: { ...aConnection(session.id), ...session },
});

describe('connections page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const list = [
    aConnection(1, { name: 'Vendas', status: 'qrcode', qrcode: 'sandbox-qr:first', isDefault: true }),
    aConnection(2, { name: 'Suporte', status: 'DISCONNECTED', statusReason: 'unreachable' }),
    aConnection(3, { name: 'Financeiro', status: 'CONNECTED' }),
    aConnection(4, { name: 'Cobrança', status: 'OPENING' }),
    aConnection(5, { name: 'Pós-venda', status: 'TIMEOUT', statusReason: 'qr-not-scanned' }),
  ];
  const routes = () => ({
    'GET /whatsapp/': { body: list },
    'POST /whatsappsession/2': { status: 201, body: { message: 'Starting session.' } },
    'PUT /whatsappsession/2': { body: { message: 'Starting session.' } },
    'DELETE /whatsappsession/3': { body: { message: 'Session disconnected.' } },
    'DELETE /whatsapp/5': { body: { message: 'Whatsapp deleted.' } },
  });

  it('shows each session with its status, the buttons its status allows, last update and default flag', async () => {
    api = fakeApi(routes());
    mount();
    const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    expect(within(await row('Vendas')).getByTestId('show-qr-1')).toHaveTextContent('QR CODE');
    expect(within(await row('Vendas')).getByLabelText('Padrão')).toBeInTheDocument();
    expect(within(await row('Suporte')).getByTestId('try-again-2')).toHaveTextContent('Tentar novamente');
    expect(within(await row('Suporte')).getByTestId('new-qr-2')).toHaveTextContent('Novo QR CODE');
    expect(within(await row('Financeiro')).getByTestId('disconnect-3')).toHaveTextContent('Desconectar');
    expect(within(await row('Cobrança')).getByTestId('connecting-4')).toBeDisabled();
    expect(within(await row('Pós-venda')).getByTestId('disconnect-5')).toBeInTheDocument();
    // Why a session is not connected, and a retry where an attempt failed (issue 24).
    expect(within(await row('Suporte')).getByTestId('status-reason-2')).toHaveTextContent('Não foi possível alcançar o WhatsApp');
    expect(within(await row('Pós-venda')).getByTestId('status-reason-5')).toHaveTextContent('Nenhum QR Code foi lido a tempo');
    expect(within(await row('Pós-venda')).getByTestId('try-again-5')).toHaveTextContent('Tentar novamente');
    expect(within(await row('Financeiro')).queryByTestId('status-reason-3')).not.toBeInTheDocument();
    expect(within(await row('Suporte')).queryByLabelText('Padrão')).not.toBeInTheDocument();
    expect(within(await row('Financeiro')).getByText(formatLastUpdate('2025-06-10T14:05:00.000Z'))).toBeInTheDocument();
    expect(formatLastUpdate('2025-06-10T14:05:00')).toBe('10/06/25 14:05');
  });

  it('opens the QR dialog with the instructions and the code, follows new codes and closes once scanned', async () => {
    api = fakeApi(routes());
    const socket = mount();
    fireEvent.click(await screen.findByTestId('show-qr-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Abra o WhatsApp no seu celular')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    const qr = within(dialog).getByTestId('qr-code');
    expect(qr).toHaveAttribute('data-qr', 'sandbox-qr:first');
    expect(qr.querySelector('svg')).toHaveAttribute('height', '256');

    emit(socket, 'company-3-whatsappSession', sessionUpdate({ id: 1, status: 'qrcode', qrcode: 'sandbox-qr:second' }));
    expect(within(dialog).getByTestId('qr-code')).toHaveAttribute('data-qr', 'sandbox-qr:second');
    // Another connection's update changes nothing here.
    emit(socket, 'company-3-whatsappSession', sessionUpdate({ id: 2, status: 'CONNECTED', qrcode: '' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    emit(socket, 'company-3-whatsappSession', sessionUpdate({ id: 1, status: 'PAIRING', qrcode: '' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Waiting for QR Code' until a code arrives, and a pairing code when the phone pairs by number", async () => {
    api = fakeApi({
      ...routes(),
      'GET /whatsapp/': { body: [aConnection(1, { status: 'qrcode', qrcode: '' })] },
      'POST /whatsappsession/1': { status: 201, body: {} },
    });
    const socket = mount();
    fireEvent.click(await screen.findByTestId('show-qr-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('qr-waiting')).toHaveTextContent('Waiting for QR Code');

    fireEvent.click(within(dialog).getByTestId('pair-by-phone'));
    fireEvent.change(within(dialog).getByLabelText('Número do celular (com DDI e DDD)'), { target: { value: '+55 (11) 98765-4321' } });
    fireEvent.click(within(dialog).getByText('Gerar código'));
    await waitFor(() => expect(api.callsTo('POST /whatsappsession/1')).toHaveLength(1));
    expect(api.callsTo('POST /whatsappsession/1')[0]!.body).toEqual({ phoneNumber: '5511987654321' });

    // the session restarts before the code comes: the dialog waits for it
    emit(socket, 'company-3-whatsappSession', sessionUpdate({ id: 1, status: 'OPENING', qrcode: '', pairingCode: '' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    emit(socket, 'company-3-whatsappSession', sessionUpdate({ id: 1, status: 'PAIRING', qrcode: '', pairingCode: 'ABCD1234' }));
    expect(within(dialog).getByTestId('pairing-code')).toHaveTextContent('ABCD1234');
    emit(socket, 'company-3-whatsappSession', sessionUpdate({ id: 1, status: 'CONNECTED', qrcode: '', pairingCode: '' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('retries, asks for a new QR code, and disconnects or deletes after confirmation', async () => {
    api = fakeApi(routes());
    mount();
    fireEvent.click(await screen.findByTestId('try-again-2'));
    await waitFor(() => expect(api.callsTo('POST /whatsappsession/2')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('new-qr-2'));
    await waitFor(() => expect(api.callsTo('PUT /whatsappsession/2')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('disconnect-3'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Tem certeza? Você precisará ler o QR Code novamente.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /whatsappsession/3')).toHaveLength(0);
    fireEvent.click(within(confirm).getByText('Confirmar'));
    await waitFor(() => expect(api.callsTo('DELETE /whatsappsession/3')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('delete-5'));
    const confirmDelete = await screen.findByText('Você tem certeza? Essa ação não pode ser revertida.');
    fireEvent.click(within(confirmDelete.closest('[role="dialog"]') as HTMLElement).getByText('Confirmar'));
    await waitFor(() => expect(api.callsTo('DELETE /whatsapp/5')).toHaveLength(1));
  });

  it('validates the add dialog and sends every field with the spec’s defaults', async () => {
    api = fakeApi({
      ...routes(),
      'GET /whatsapp/': { body: [] },
      'GET /queue': {
        body: [
          { id: 1, name: 'Vendas', color: '#f00' },
          { id: 2, name: 'Suporte', color: '#0f0' },
        ],
      },
      'POST /whatsapp': (call) => ({ status: 201, body: aConnection(9, call.body as Partial<WhatsappView>) }),
    });
    mount();
    fireEvent.click(await screen.findByTestId('add-connection'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'A' } });
    fireEvent.click(screen.getByTestId('connection-form-submit'));
    expect(await within(dialog).findByText('Muito curto!')).toBeInTheDocument();
    expect(api.callsTo('POST /whatsapp')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Loja Centro' } });
    fireEvent.change(within(dialog).getByLabelText(/^Mensagem de saudação/), { target: { value: 'Olá! Como podemos ajudar?' } });
    fireEvent.click(screen.getByTestId('connection-form-submit'));
    await waitFor(() => expect(api.callsTo('POST /whatsapp')).toHaveLength(1), { timeout: 3000 });
    expect(api.callsTo('POST /whatsapp')[0]!.body).toEqual({
      name: 'Loja Centro',
      provider: 'beta',
      isDefault: false,
      greetingMessage: 'Olá! Como podemos ajudar?',
      complationMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
      queueIds: [],
      promptId: null,
      integrationId: null,
      expiresTicket: 0,
      expiresInactiveMessage: '',
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s ERR_WAPP_GREETING_REQUIRED as the error popup and keeps the dialog open', async () => {
    api = fakeApi({
      ...routes(),
      'GET /whatsapp/': { body: [] },
      'GET /queue': {
        body: [
          { id: 1, name: 'Vendas', color: '#f00' },
          { id: 2, name: 'Suporte', color: '#0f0' },
        ],
      },
      'POST /whatsapp': { status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } },
    });
    mount();
    fireEvent.click(await screen.findByTestId('add-connection'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Loja Centro' } });
    fireEvent.mouseDown(dialog.querySelector('#connection_queueIds')!);
    fireEvent.click(await screen.findByTitle('Vendas'));
    fireEvent.click(await screen.findByTitle('Suporte'));
    expect(await within(dialog).findByText('Com mais de uma fila, a mensagem de saudação é obrigatória.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('connection-form-submit'));
    expect(
      await screen.findByText('A mensagem de saudação é obrigatória quando há mais de uma fila.', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect((api.callsTo('POST /whatsapp')[0]!.body as { queueIds: number[] }).queueIds).toEqual([1, 2]);
    expect(screen.getByTestId('connection-form')).toBeInTheDocument();
  }, 180_000);

  it('generates the external-API token on the server, shows it once with copy, and asks before replacing one in use', async () => {
    const withToken = aConnection(3, { name: 'Financeiro', tokenHint: '…a1b2' });
    api = fakeApi({
      ...routes(),
      'GET /whatsapp/3': { body: withToken },
      'GET /queue': { body: [] },
      'POST /whatsapp/3/token': { status: 201, body: { token: 'atr_novo-token-gerado-no-servidor', tokenHint: '…idor' } },
    });
    mount();
    fireEvent.click(await screen.findByTestId('edit-3'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Integrações'));
    expect(await within(dialog).findByTestId('connection-token-hint')).toHaveTextContent('Token em uso: …a1b2');
    fireEvent.click(within(dialog).getByTestId('connection-token-generate'));
    expect(api.callsTo('POST /whatsapp/3/token')).toHaveLength(0);
    const confirm = (await screen.findByText('O token atual deixará de funcionar. Gerar um novo?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Gerar novo token' }));
    expect(await within(dialog).findByTestId('connection-token-value')).toHaveTextContent('atr_novo-token-gerado-no-servidor');
    expect(within(dialog).getByText('Copie o token agora: ele não será mostrado de novo.')).toBeInTheDocument();
    expect(api.callsTo('POST /whatsapp/3/token')).toHaveLength(1);
  }, 180_000);

  it('hides session, add, edit and delete actions from profiles without those permissions', async () => {
    api = fakeApi(routes());
    mount('user');
    expect(await screen.findByText('Vendas')).toBeInTheDocument();
    expect(screen.queryByTestId('add-connection')).not.toBeInTheDocument();
    expect(screen.queryByTestId('show-qr-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-1')).not.toBeInTheDocument();
    expect(screen.queryByText('Sessão')).not.toBeInTheDocument();
  });
});
