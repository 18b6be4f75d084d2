import type { TicketView } from '@atrium/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { fakeApi, type FakeApi, type FakeCall } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { aContact, aMessage, aTicket, page } from '../../../../test/tickets-fixtures';
import { setViewportWidth } from '../../../../test/viewport';
import { forgetStickyState } from '../hooks/use-sticky-state.hook';
import { PEEK_FETCH_DELAY_MS } from './peek.modal';
import TicketsPage from './tickets.page';

const routes = [
  { path: '/tickets', element: <TicketsPage /> },
  { path: '/tickets/:ticketId', element: <TicketsPage /> },
];

const yesterday = dayjs().subtract(1, 'day');
const mine = aTicket({
  id: 100,
  uuid: 'uuid-100',
  contact: aContact({ id: 50, name: 'João Cliente' }),
  lastMessage: 'Bom dia',
  unreadMessages: 2,
});
const other = aTicket({
  id: 101,
  uuid: 'uuid-101',
  contact: aContact({ id: 51, name: 'Carla' }),
  contactId: 51,
  lastMessage: 'Tudo certo',
});
const waiting = aTicket({
  id: 102,
  uuid: 'uuid-102',
  status: 'pending',
  userId: null,
  user: null,
  queueId: null,
  queue: null,
  chatbot: true,
  contact: aContact({ id: 52, name: 'Pedro Pendente' }),
  contactId: 52,
  lastMessage: 'data:image/png;base64,AAAA|https://maps.example/x|',
  updatedAt: yesterday.toISOString(),
});

function ticketsRoute(lists: { open: TicketView[]; pending: TicketView[]; closed?: TicketView[] }) {
  return (call: FakeCall) => {
    const status = call.query.get('status') as 'open' | 'pending' | 'closed' | null;
    if (call.query.get('withUnreadMessages')) return { body: page('tickets', []) };
    return { body: page('tickets', status ? (lists[status] ?? []) : []) };
  };
}

function baseRoutes(lists: { open: TicketView[]; pending: TicketView[]; closed?: TicketView[] }) {
  return {
    'GET /tickets': ticketsRoute(lists),
    'GET /queue': { body: [{ id: 1, name: 'Vendas', color: '#1677ff' }] },
    'GET /quick-messages/list': { body: [] },
    'GET /tags/list': { body: [] },
    'GET /whatsapp/': { body: [] },
  };
}

function itemsOf(testId: string): HTMLElement[] {
  return within(screen.getByTestId(testId)).queryAllByRole('listitem');
}

describe('tickets list', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    forgetStickyState();
  });

  it('shows the open tab with assigned and pending counts, and each item as the spec lays it out', async () => {
    api = fakeApi(baseRoutes({ open: [mine, other], pending: [waiting] }));
    renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'user', queueIds: [1] }));
    await waitFor(() => expect(itemsOf('tickets-open')).toHaveLength(2));
    expect(within(screen.getByTestId('tab-assigned')).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByTestId('tab-pending')).getByText('1')).toBeInTheDocument();

    const first = screen.getByTestId('ticket-100');
    expect(within(first).getByText('João Cliente')).toBeInTheDocument();
    expect(within(first).getByText('Bom dia')).toBeInTheDocument();
    expect(within(first).getByText('Comercial')).toBeInTheDocument();
    expect(within(first).getByText('Maria')).toBeInTheDocument();
    expect(within(first).getByText('Vendas')).toBeInTheDocument();
    expect(within(first).getByText(dayjs(mine.updatedAt).format('HH:mm'))).toBeInTheDocument();
    expect(within(first).getByTestId('ticket-unread')).toHaveTextContent('2');
    expect(within(first).getByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    // only admins peek
    expect(within(first).queryByLabelText('Espiar conversa')).not.toBeInTheDocument();
    // the user's queues filter the lists
    expect(
      api
        .callsTo('GET /tickets')
        .find((call) => call.query.get('status') === 'open')!
        .query.get('queueIds'),
    ).toBe('[1]');

    fireEvent.click(screen.getByText('Aguardando'));
    const pending = await screen.findByTestId('ticket-102');
    expect(within(pending).getByText('SEM FILA')).toBeInTheDocument();
    expect(within(pending).getByText('Localização')).toBeInTheDocument();
    expect(within(pending).getByText(yesterday.format('DD/MM/YYYY'))).toBeInTheDocument();
    expect(within(pending).getByLabelText('Chatbot')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Aceitar' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
  });

  it('does not open a pending ticket on click; Accept assigns it to the user and opens it', async () => {
    const accepted = { ...waiting, status: 'open' as const, userId: 7, user: { id: 7, name: 'Maria' } };
    api = fakeApi({
      ...baseRoutes({ open: [], pending: [waiting] }),
      'PUT /tickets/102': { body: accepted },
      'GET /tickets/u/uuid-102': { body: accepted },
      'GET /messages/102': { body: { messages: [], ticket: accepted, count: 0, hasMore: false } },
    });
    const { router } = renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'user', queueIds: [1] }));
    fireEvent.click(await screen.findByText('Aguardando'));
    fireEvent.click(await screen.findByText('Pedro Pendente'));
    expect(router.state.location.pathname).toBe('/tickets');

    fireEvent.click(within(screen.getByTestId('ticket-102')).getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/uuid-102'));
    expect(api.callsTo('PUT /tickets/102')[0]!.body).toEqual({ status: 'open', userId: 7 });
    // the list shows the open tab, where the accepted ticket now is
    await waitFor(() => expect(itemsOf('tickets-open').map((item) => item.dataset.testid)).toEqual(['ticket-102']));
    expect(await screen.findByTestId('ticket-view')).toBeInTheDocument();
  });

  it('opens an open ticket on click, and Finalizar resolves it with the user and queue', async () => {
    const closed = { ...mine, status: 'closed' as const };
    api = fakeApi({
      ...baseRoutes({ open: [mine], pending: [] }),
      'GET /tickets/u/uuid-100': { body: mine },
      'GET /messages/100': { body: { messages: [aMessage()], ticket: mine, count: 1, hasMore: false } },
      'PUT /tickets/100': { body: closed },
    });
    const { router } = renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'user', queueIds: [1] }));
    fireEvent.click(await screen.findByText('João Cliente'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/uuid-100'));
    // the item is marked once the ticket behind the address has loaded
    await waitFor(() => expect(screen.getByTestId('ticket-100')).toHaveClass('ticket-item-selected'));

    fireEvent.click(within(screen.getByTestId('ticket-100')).getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(api.callsTo('PUT /tickets/100')[0]!.body).toEqual({ status: 'closed', userId: 7, queueId: 1 });
    await waitFor(() => expect(itemsOf('tickets-open')).toHaveLength(0));
  });

  it('reopens a resolved ticket from the list: it is shown, in the open tab', async () => {
    const resolved = { ...other, status: 'closed' as const };
    const reopened = { ...other, status: 'open' as const, userId: 7 };
    api = fakeApi({
      ...baseRoutes({ open: [], pending: [], closed: [resolved] }),
      'PUT /tickets/101': { body: reopened },
      'GET /tickets/u/uuid-101': { body: reopened },
      'GET /messages/101': { body: { messages: [], ticket: reopened, count: 0, hasMore: false } },
    });
    const { router } = renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'user', queueIds: [1] }));
    fireEvent.click(await screen.findByText('Resolvidos'));
    fireEvent.click(within(await screen.findByTestId('ticket-101')).getByRole('button', { name: 'Reabrir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/uuid-101'));
    expect(api.callsTo('PUT /tickets/101')[0]!.body).toEqual({ status: 'open', userId: 7, queueId: 1 });
    expect(await screen.findByTestId('tickets-open')).toBeInTheDocument();
    expect(await screen.findByTestId('ticket-view')).toBeInTheDocument();
  });

  it('follows live events: new pending tickets, new messages move a ticket to the top, deletions and read counts', async () => {
    api = fakeApi(baseRoutes({ open: [mine, other], pending: [] }));
    const { socket } = renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'user', queueIds: [1] }));
    await waitFor(() => expect(itemsOf('tickets-open')).toHaveLength(2));
    expect(itemsOf('tickets-open').map((item) => item.dataset.testid)).toEqual(['ticket-100', 'ticket-101']);

    // a customer writes in the second ticket: it moves to the top with the new last message
    const moved = { ...other, lastMessage: 'Chegou?', unreadMessages: 1 };
    act(() =>
      socket.serverEmits('company-3-appMessage', {
        action: 'create',
        message: aMessage({ id: 9, ticketId: 101, body: 'Chegou?' }),
        ticket: moved,
        contact: moved.contact,
      }),
    );
    // cache patches reach the components on the next animation frame (RTK's auto-batching)
    await waitFor(() => expect(itemsOf('tickets-open').map((item) => item.dataset.testid)).toEqual(['ticket-101', 'ticket-100']));
    expect(within(screen.getByTestId('ticket-101')).getByText('Chegou?')).toBeInTheDocument();

    // the ticket was read elsewhere
    act(() => socket.serverEmits('company-3-ticket', { action: 'updateUnread', ticketId: 101 }));
    await waitFor(() => expect(within(screen.getByTestId('ticket-101')).queryByTestId('ticket-unread')).not.toBeInTheDocument());

    // a new pending ticket arrives: the pending count follows without a fetch
    const calls = api.callsTo('GET /tickets').length;
    act(() => socket.serverEmits('company-3-ticket', { action: 'update', ticket: waiting }));
    await waitFor(() => expect(within(screen.getByTestId('tab-pending')).getByText('1')).toBeInTheDocument());
    fireEvent.click(screen.getByText('Aguardando'));
    expect(await screen.findByTestId('ticket-102')).toBeInTheDocument();

    // another agent accepted it: it leaves the pending list and, not being mine, does not join my open list
    act(() =>
      socket.serverEmits('company-3-ticket', {
        action: 'update',
        ticket: { ...waiting, status: 'open', userId: 8, user: { id: 8, name: 'Rui' } },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('ticket-102')).not.toBeInTheDocument());

    fireEvent.click(screen.getByText('Atendendo'));
    // a status change's delete names the status the ticket left: only lists of that status drop it
    act(() => socket.serverEmits('company-3-ticket', { action: 'delete', ticketId: 101, fromStatus: 'pending' }));
    act(() => socket.serverEmits('company-3-ticket', { action: 'delete', ticketId: 100 }));
    await waitFor(() => expect(itemsOf('tickets-open').map((item) => item.dataset.testid)).toEqual(['ticket-101']));
    expect(within(screen.getByTestId('tab-assigned')).getByText('1')).toBeInTheDocument();
    expect(api.callsTo('GET /tickets').length).toBe(calls);
  });

  it('lets admins see every agent and peek at a conversation read-only, fetched 500 ms after opening', async () => {
    api = fakeApi({
      ...baseRoutes({ open: [mine], pending: [] }),
      'GET /messages/100': {
        body: { messages: [aMessage({ body: 'Mensagem espiada', fromMe: true })], ticket: mine, count: 1, hasMore: false },
      },
    });
    renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByTestId('tickets-show-all'));
    await waitFor(() => expect(api.callsTo('GET /tickets').some((call) => call.query.get('showAll') === 'true')).toBe(true));

    const peek = await screen.findByTestId('peek-100');
    const clickedAt = Date.now();
    fireEvent.click(peek);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('João Cliente - Ticket 100')).toBeInTheDocument();
    expect(within(dialog).getByText('Atribuído a: Maria')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /messages/100')).toHaveLength(1), { interval: 10 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(PEEK_FETCH_DELAY_MS);
    // a peek is read-only: it must not reset the unread count nor send read receipts
    expect(api.callsTo('GET /messages/100')[0]?.query.get('markRead')).toBe('false');
    expect(await within(dialog).findByText('Mensagem espiada')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Opções da mensagem')).not.toBeInTheDocument();
    expect(screen.queryByTestId('composer')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId('peek-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('searches tickets and messages by text (after 500 ms), tags and queues; the user filter is for admins', async () => {
    api = fakeApi({
      ...baseRoutes({ open: [], pending: [] }),
      'GET /tags/list': { body: [{ id: 4, name: 'VIP', color: '#f00', kanban: 0 }] },
    });
    renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'user', queueIds: [1] }));
    fireEvent.click(await screen.findByRole('tab', { name: /Busca/ }));
    expect(screen.queryByTestId('tickets-user-filter')).not.toBeInTheDocument();
    fireEvent.change(await screen.findByTestId('tickets-search'), { target: { value: 'boleto' } });
    await waitFor(() => expect(api.callsTo('GET /tickets').some((call) => call.query.get('searchParam') === 'boleto')).toBe(true));
    const search = api.callsTo('GET /tickets').find((call) => call.query.get('searchParam') === 'boleto')!;
    expect(search.query.get('status')).toBeNull();
    expect(search.query.get('queueIds')).toBe('[1]');
    api.restore();
    forgetStickyState();
    document.body.innerHTML = '';
    api = fakeApi(baseRoutes({ open: [], pending: [] }));
    renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByRole('tab', { name: /Busca/ }));
    expect(await screen.findByTestId('tickets-user-filter')).toBeInTheDocument();
  });

  it("uses the 'Ticket' and 'Atendimentos' tabs under 600 px, with names cut to 10 characters", async () => {
    setViewportWidth(375);
    const long = aTicket({ ...mine, contact: aContact({ name: 'Maria Aparecida da Silva' }) });
    api = fakeApi({
      ...baseRoutes({ open: [long], pending: [] }),
      'GET /tickets/u/uuid-100': { body: long },
      'GET /messages/100': { body: { messages: [aMessage({ body: 'Conversa aberta' })], ticket: long, count: 1, hasMore: false } },
    });
    const { router } = renderWithLiveSocket(routes, '/tickets', aSessionUser({ profile: 'user', queueIds: [1] }));
    const tabs = await screen.findByTestId('tickets-narrow-tabs');
    expect(within(tabs).getByText('Ticket')).toBeInTheDocument();
    expect(within(tabs).getByText('Atendimentos')).toBeInTheDocument();
    const item = await screen.findByTestId('ticket-100');
    expect(within(item).getByText('Maria Apar...')).toBeInTheDocument();

    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/uuid-100'));
    expect(await screen.findByText('Conversa aberta')).toBeVisible();
    expect(screen.getByTestId('tickets-open').closest('.tickets-narrow-body')).not.toBeVisible();
    fireEvent.click(screen.getByLabelText('Voltar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });
});
