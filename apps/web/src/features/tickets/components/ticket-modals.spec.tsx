import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi, type FakeRoute } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { aContact, aMessage, aTicket, page } from '../../../../test/tickets-fixtures';
import { forgetStickyState } from '../hooks/use-sticky-state.hook';
import TicketsPage from './tickets.page';

const routes = [
  { path: '/tickets', element: <TicketsPage /> },
  { path: '/tickets/:ticketId', element: <TicketsPage /> },
];
const ticket = aTicket({ id: 100, uuid: 'uuid-100' });
const joao = aContact({ id: 50, name: 'João Cliente', number: '5511987654321' });

function routesWith(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /tickets': { body: page('tickets', []) },
    'GET /queue': {
      body: [
        { id: 1, name: 'Vendas', color: '#1677ff' },
        { id: 2, name: 'Suporte', color: '#52c41a' },
      ],
    },
    'GET /tags/list': { body: [] },
    'GET /whatsapp/': { body: [] },
    'GET /quick-messages/list': { body: [] },
    'GET /contacts': { body: page('contacts', [joao]) },
    'GET /tickets/u/uuid-100': { body: ticket },
    'GET /messages/100': { body: { messages: [aMessage()], ticket, count: 1, hasMore: false } },
    'GET /users/list': {
      body: [
        { id: 8, name: 'Rui', profile: 'user', queueIds: [2] },
        { id: 9, name: 'Lia', profile: 'user', queueIds: [1] },
      ],
    },
    ...extra,
  };
}

const agent = () => ({
  ...aSessionUser({ profile: 'user', queueIds: [1, 2] }),
  queues: [
    { id: 1, name: 'Vendas', color: '#1677ff' },
    { id: 2, name: 'Suporte', color: '#52c41a' },
  ],
});

async function chooseContact() {
  const dialog = await screen.findByRole('dialog');
  const search = within(dialog).getAllByRole('combobox')[0]!;
  fireEvent.change(search, { target: { value: 'Jo' } });
  await new Promise((resolve) => setTimeout(resolve, 700));
  return { dialog, search };
}

describe('ticket dialogs', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    forgetStickyState();
  });

  it("new ticket: searches contacts from 3 characters and needs a queue unless admin ('Selecione uma fila')", async () => {
    const created = aTicket({ id: 300, uuid: 'uuid-300', contact: joao });
    api = fakeApi(
      routesWith({
        'POST /tickets': { status: 201, body: created },
        'GET /tickets/u/uuid-300': { body: created },
        'GET /messages/300': { body: { messages: [], ticket: created, count: 0, hasMore: false } },
      }),
    );
    const { router } = renderWithLiveSocket(routes, '/tickets', agent());
    fireEvent.click(await screen.findByTestId('new-ticket'));
    const { dialog, search } = await chooseContact();
    expect(api.callsTo('GET /contacts')).toHaveLength(0);
    fireEvent.change(search, { target: { value: 'João' } });
    await waitFor(() => expect(api.callsTo('GET /contacts')).toHaveLength(1));
    expect(api.callsTo('GET /contacts')[0]!.query.get('searchParam')).toBe('João');
    fireEvent.click(await screen.findByText('João Cliente - 5511987654321'));

    fireEvent.click(within(dialog).getByTestId('new-ticket-submit'));
    expect(await within(dialog).findByText('Selecione uma fila')).toBeInTheDocument();
    expect(api.callsTo('POST /tickets')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByTitle('Suporte'));
    fireEvent.click(within(dialog).getByTestId('new-ticket-submit'));
    await waitFor(() => expect(api.callsTo('POST /tickets')).toHaveLength(1));
    expect(api.callsTo('POST /tickets')[0]!.body).toEqual({ contactId: 50, queueId: 2, whatsappId: null, userId: 7, status: 'open' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/uuid-300'));
  });

  it('new ticket: an admin may leave the queue out; a contact in another agent’s open ticket is named with user and queue', async () => {
    const existing = aTicket({
      id: 200,
      uuid: 'uuid-200',
      userId: 8,
      user: { id: 8, name: 'Rui' },
      queue: { id: 2, name: 'Suporte', color: '#52c41a' },
    });
    api = fakeApi(routesWith({ 'POST /tickets': { status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', status: 409, data: existing } } }));
    renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByTestId('new-ticket'));
    const { dialog, search } = await chooseContact();
    fireEvent.change(search, { target: { value: 'João' } });
    fireEvent.click(await screen.findByText('João Cliente - 5511987654321'));
    fireEvent.click(within(dialog).getByTestId('new-ticket-submit'));
    await waitFor(() => expect(api.callsTo('POST /tickets')).toHaveLength(1));
    expect(api.callsTo('POST /tickets')[0]!.body).toEqual(expect.objectContaining({ queueId: null }));
    expect(await screen.findByText('Este contato já está em atendimento com Rui na fila Suporte.')).toBeInTheDocument();
  });

  it('transfer: a queue without a user puts the ticket back to pending in that queue; users are those of the queue', async () => {
    api = fakeApi(routesWith({ 'PUT /tickets/100': { body: { ...ticket, queueId: 2, status: 'pending', userId: null } } }));
    const { router } = renderWithLiveSocket(routes, '/tickets/uuid-100', agent());
    fireEvent.click(await screen.findByTestId('ticket-options'));
    fireEvent.click(await screen.findByText('Transferir'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('Suporte'));
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1]!);
    expect(await screen.findByTitle('Rui')).toBeInTheDocument();
    expect(screen.queryByTitle('Lia')).not.toBeInTheDocument();
    fireEvent.keyDown(within(dialog).getAllByRole('combobox')[1]!, { key: 'Escape' });
    fireEvent.click(within(dialog).getByTestId('transfer-submit'));
    await waitFor(() => expect(api.callsTo('PUT /tickets/100')).toHaveLength(1));
    expect(api.callsTo('PUT /tickets/100')[0]!.body).toEqual({ queueId: 2, userId: null, status: 'pending' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });

  it('transfer by an admin: the queue is optional (a company without queues), any user may be assigned, but one of the two is named', async () => {
    const unqueued = aTicket({ id: 100, uuid: 'uuid-100', queueId: null, queue: null, status: 'pending', userId: null, user: null });
    api = fakeApi(
      routesWith({
        'GET /queue': { body: [] },
        'GET /tickets/u/uuid-100': { body: unqueued },
        'GET /messages/100': { body: { messages: [aMessage()], ticket: unqueued, count: 1, hasMore: false } },
        'PUT /tickets/100': { body: { ...unqueued, userId: 9, user: { id: 9, name: 'Lia' } } },
      }),
    );
    const { router } = renderWithLiveSocket(routes, '/tickets/uuid-100', aSessionUser({ profile: 'admin', queueIds: [] }));
    fireEvent.click(await screen.findByTestId('ticket-options'));
    fireEvent.click(await screen.findByText('Transferir'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('transfer-submit'));
    expect(await within(dialog).findByText('Escolha um usuário ou uma fila')).toBeInTheDocument();
    expect(api.callsTo('PUT /tickets/100')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1]!);
    expect(await screen.findByTitle('Rui')).toBeInTheDocument();
    fireEvent.click(await screen.findByTitle('Lia'));
    fireEvent.click(within(dialog).getByTestId('transfer-submit'));
    await waitFor(() => expect(api.callsTo('PUT /tickets/100')).toHaveLength(1));
    expect(api.callsTo('PUT /tickets/100')[0]!.body).toEqual({ queueId: null, userId: 9 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });

  it('options: delete only for who may; no schedule link on a plan without schedules', async () => {
    api = fakeApi(routesWith({ 'DELETE /tickets/100': { body: { message: 'ok' } } }));
    const { router } = renderWithLiveSocket(routes, '/tickets/uuid-100', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByTestId('ticket-options'));
    expect(await screen.findByText('Transferir')).toBeInTheDocument();
    expect(screen.queryByText('Agendamento')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByText('Deletar'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Tem certeza que deseja deletar o ticket do contato João Cliente?').length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(() => expect(api.callsTo('DELETE /tickets/100')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });

  it('options for agents: no delete; schedule goes to /schedules for the contact', async () => {
    api = fakeApi(routesWith());
    const withSchedules = { ...agent(), company: { ...agent().company, plan: { ...agent().company.plan, useSchedules: true } } };
    const { router } = renderWithLiveSocket(
      [...routes, { path: '/schedules', element: <div>agenda</div> }],
      '/tickets/uuid-100',
      withSchedules,
    );
    fireEvent.click(await screen.findByTestId('ticket-options'));
    expect(await screen.findByText('Transferir')).toBeInTheDocument();
    expect(screen.queryByText('Deletar')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Agendamento'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/schedules?contactId=50'));
  });

  it('contact drawer: details, extra info, notes added and deleted with the spec texts', async () => {
    const note = {
      id: 1,
      note: 'Cliente prefere WhatsApp',
      ticketId: 100,
      contactId: 50,
      userId: 7,
      user: { id: 7, name: 'Maria' },
      createdAt: '2025-06-10T10:00:00.000Z',
      updatedAt: '2025-06-10T10:00:00.000Z',
    };
    let notes = [note];
    api = fakeApi(
      routesWith({
        'GET /contacts/50': {
          body: aContact({ id: 50, name: 'João Cliente', email: 'joao@example.com', extraInfo: [{ name: 'CPF', value: '123' }] }),
        },
        'GET /ticket-notes/list': () => ({ body: notes }),
        'POST /ticket-notes': (call) => {
          const added = { ...note, id: 2, note: (call.body as { note: string }).note };
          notes = [...notes, added];
          return { status: 201, body: added };
        },
        'DELETE /ticket-notes/1': () => {
          notes = notes.filter((item) => item.id !== 1);
          return { body: { message: 'ok' } };
        },
      }),
    );
    renderWithLiveSocket(routes, '/tickets/uuid-100', agent());
    fireEvent.click(await screen.findByTestId('ticket-contact'));
    const drawer = await screen.findByTestId('ticket-notes');
    expect(await screen.findByText('joao@example.com')).toBeInTheDocument();
    expect(screen.getByText('CPF')).toBeInTheDocument();
    expect(await within(drawer).findByText('Cliente prefere WhatsApp')).toBeInTheDocument();

    fireEvent.change(within(drawer).getByTestId('note-input'), { target: { value: 'a' } });
    fireEvent.click(within(drawer).getByTestId('note-save'));
    expect(await within(drawer).findByText('Mensagem muito curta')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByTestId('note-input'), { target: { value: 'Ligar amanhã' } });
    fireEvent.click(within(drawer).getByTestId('note-save'));
    expect(await screen.findByText('Observação adicionada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST /ticket-notes')[0]!.body).toEqual({ note: 'Ligar amanhã', ticketId: 100, contactId: 50 });
    expect(await within(drawer).findByText('Ligar amanhã')).toBeInTheDocument();

    fireEvent.click(within(drawer).getByTestId('note-delete-1'));
    const question = await screen.findByText('Deseja realmente excluir este registro?');
    fireEvent.click(within(question.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Observação excluída com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).queryByText('Cliente prefere WhatsApp')).not.toBeInTheDocument());
  });
});
