import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TagView, TicketView } from '@atrium/contracts';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { aContact, aTicket } from '../../../../test/tickets-fixtures';
import KanbanPage from './kanban.page';

const novo: TagView = {
  id: 11,
  companyId: 3,
  name: 'Novo',
  color: '#52c41a',
  kanban: 1,
  userId: null,
  ticketsCount: 1,
  createdAt: '',
  updatedAt: '',
};
const proposta: TagView = { ...novo, id: 12, name: 'Proposta', color: '#722ed1' };
const vip = { id: 20, name: 'VIP', color: '#f5222d', kanban: 0 as const };
const refOf = (tag: TagView) => ({ id: tag.id, name: tag.name, color: tag.color, kanban: 1 as const });

const untagged = aTicket({
  id: 100,
  uuid: '3f2b8c1e-0000-4000-8000-000000000100',
  contact: aContact({ name: 'João Cliente', number: '5511987654321' }),
  lastMessage: 'Quero um orçamento',
  tags: [vip],
});
const inNovo = aTicket({
  id: 101,
  uuid: '3f2b8c1e-0000-4000-8000-000000000101',
  contact: aContact({ id: 51, name: 'Ana Souza', number: '5511911112222' }),
  lastMessage: 'Obrigada',
  tags: [refOf(novo)],
});

/** Picks the card up and waits until the keyboard sensor listens for the next keys (it starts listening on the next tick). */
async function pickUp(card: HTMLElement, code: 'Space' | 'Enter'): Promise<void> {
  card.focus();
  fireEvent.keyDown(card, { code, key: code === 'Space' ? ' ' : 'Enter' });
  await waitFor(() => expect(card).toHaveAttribute('aria-pressed', 'true'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** jsdom lays nothing out: each lane is given a column 300 px wide, and each card (and the dragged card's overlay) its lane's place, as a browser would. */
function layOutLanes(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    // the drag overlay starts where the picked-up card is (its moves are transforms, which measuring ignores)
    const source = this.closest('.kanban-card-overlay') ? document.querySelector('[aria-pressed="true"]') : this;
    const lane = source?.closest('[data-testid^="kanban-lane-"]');
    if (!lane) return original.call(this);
    const index = [...document.querySelectorAll('[data-testid^="kanban-lane-"]')].indexOf(lane);
    const isCard = this !== lane;
    const left = index * 300 + (isCard ? 10 : 0);
    const [top, width, height] = isCard ? [60, 260, 100] : [0, 280, 600];
    return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) } as DOMRect;
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

describe('kanban page', () => {
  let api: FakeApi;
  let restoreLayout: () => void;
  beforeEach(() => (restoreLayout = layOutLanes()));
  afterEach(() => {
    api.restore();
    restoreLayout();
  });

  function routes(): Parameters<typeof fakeApi>[0] {
    return {
      'GET /tags/kanban': { body: { lista: [novo, proposta] } },
      'GET /ticket/kanban': { body: { tickets: [untagged, inNovo] } },
      'DELETE /ticket-tags/100': { body: { ...untagged, tags: [vip] } },
      'PUT /ticket-tags/100/11': { body: { ...untagged, tags: [vip, refOf(novo)] } },
    };
  }

  function renderBoard() {
    return renderWithLiveSocket(
      [
        { path: '/kanban', element: <KanbanPage /> },
        { path: '/tickets/:ticketId', element: <p>conversation</p> },
      ],
      '/kanban',
      aSessionUser({ queueIds: [1, 2] }),
    );
  }

  it("shows 'Em aberto' then a lane per kanban tag coloured by it, with each card's number, contact, last message and 'Ver Ticket'", async () => {
    api = fakeApi(routes());
    const { router } = renderBoard();
    const open = await screen.findByTestId('kanban-lane-open');
    expect(within(open).getByText('Em aberto')).toBeInTheDocument();
    expect([...document.querySelectorAll('[data-testid^="kanban-lane-"]')].map((lane) => lane.getAttribute('data-testid'))).toEqual([
      'kanban-lane-open',
      'kanban-lane-tag-11',
      'kanban-lane-tag-12',
    ]);
    expect(within(screen.getByTestId('kanban-lane-tag-11')).getByText('Novo').closest('header')).toHaveStyle({ background: '#52c41a' });
    expect(api.callsTo('GET /ticket/kanban')[0]!.query.get('queueIds')).toBe('[1,2]');

    const card = within(open).getByTestId('kanban-card-100');
    expect(card).toHaveTextContent('#100 · João Cliente');
    expect(card).toHaveTextContent('5511987654321');
    expect(card).toHaveTextContent('Quero um orçamento');
    expect(within(screen.getByTestId('kanban-lane-tag-11')).getByTestId('kanban-card-101')).toHaveTextContent('Ana Souza');

    fireEvent.click(within(card).getByRole('button', { name: 'Ver Ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/3f2b8c1e-0000-4000-8000-000000000100'));
  });

  it("shows a last message's WhatsApp formatting as the conversation does, never its raw marks", async () => {
    const menu = aTicket({ ...inNovo, id: 103, tags: [], lastMessage: '*[ 1 ]* Vendas _hoje_ ~antigo~' });
    api = fakeApi({ ...routes(), 'GET /ticket/kanban': { body: { tickets: [menu] } } });
    renderBoard();
    const card = await screen.findByTestId('kanban-card-103');
    expect(card).toHaveTextContent('[ 1 ] Vendas hoje antigo');
    expect(card).not.toHaveTextContent('*');
    expect(within(card).getByText('[ 1 ]').tagName).toBe('STRONG');
    expect(within(card).getByText('hoje').tagName).toBe('EM');
    expect(within(card).getByText('antigo').tagName).toBe('S');
  });

  it('moves a card with the keyboard: DELETE then PUT of the lane tag, with both toasts', async () => {
    api = fakeApi(routes());
    renderBoard();
    const card = await screen.findByTestId('kanban-card-100');
    await pickUp(card, 'Space');
    fireEvent.keyDown(card, { code: 'ArrowRight', key: 'ArrowRight' });
    expect(await screen.findByText('Sobre a coluna Novo.')).toBeInTheDocument();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });

    await waitFor(() => expect(api.callsTo('PUT /ticket-tags/100/11')).toHaveLength(1));
    expect(api.calls.filter((call) => call.path.startsWith('/ticket-tags')).map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /ticket-tags/100',
      'PUT /ticket-tags/100/11',
    ]);
    expect(await screen.findByText('Ticket Tag Removido!')).toBeInTheDocument();
    expect(await screen.findByText('Ticket Tag Adicionado com Sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('kanban-lane-tag-11')).getByTestId('kanban-card-100')).toBeInTheDocument());
  });

  it("moving back to 'Em aberto' only removes the lane tag; Escape cancels without a call", async () => {
    api = fakeApi({ ...routes(), 'DELETE /ticket-tags/101': { body: { ...inNovo, tags: [] } } });
    renderBoard();
    const card = await screen.findByTestId('kanban-card-101');
    await pickUp(card, 'Enter');
    fireEvent.keyDown(card, { code: 'ArrowRight', key: 'ArrowRight' });
    expect(await screen.findByText('Sobre a coluna Proposta.')).toBeInTheDocument();
    fireEvent.keyDown(card, { code: 'Escape', key: 'Escape' });
    expect(await screen.findByText('Movimento cancelado.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/ticket-tags'))).toEqual([]);

    await pickUp(card, 'Enter');
    fireEvent.keyDown(card, { code: 'ArrowLeft', key: 'ArrowLeft' });
    expect(await screen.findByText('Sobre a coluna Em aberto.')).toBeInTheDocument();
    fireEvent.keyDown(card, { code: 'Enter', key: 'Enter' });
    await waitFor(() => expect(api.callsTo('DELETE /ticket-tags/101')).toHaveLength(1));
    expect(await screen.findByText('Ticket Tag Removido!')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await waitFor(() => expect(within(screen.getByTestId('kanban-lane-open')).getByTestId('kanban-card-101')).toBeInTheDocument());
  });

  it('follows live updates: a ticket that arrives, moves or closes', async () => {
    api = fakeApi(routes());
    const { socket } = renderBoard();
    await screen.findByTestId('kanban-card-100');

    const arriving: TicketView = aTicket({
      id: 102,
      status: 'pending',
      userId: null,
      contact: aContact({ id: 52, name: 'Bruno Novo' }),
      lastMessage: 'Oi, tudo bem?',
    });
    act(() => socket.serverEmits('company-3-ticket', { action: 'update', ticket: arriving }));
    await waitFor(() =>
      expect(within(screen.getByTestId('kanban-lane-open')).getByTestId('kanban-card-102')).toHaveTextContent('Oi, tudo bem?'),
    );

    act(() => socket.serverEmits('company-3-ticket', { action: 'update', ticket: { ...arriving, tags: [refOf(proposta)] } }));
    await waitFor(() => expect(within(screen.getByTestId('kanban-lane-tag-12')).getByTestId('kanban-card-102')).toBeInTheDocument());

    act(() =>
      socket.serverEmits('company-3-appMessage', {
        action: 'create',
        message: {},
        contact: arriving.contact,
        ticket: { ...arriving, tags: [refOf(proposta)], lastMessage: 'Chegou agora' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('kanban-card-102')).toHaveTextContent('Chegou agora'));

    act(() => socket.serverEmits('company-3-ticket', { action: 'update', ticket: { ...inNovo, status: 'closed' } }));
    await waitFor(() => expect(screen.queryByTestId('kanban-card-101')).not.toBeInTheDocument());
    act(() => socket.serverEmits('company-3-ticket', { action: 'delete', ticketId: 102 }));
    await waitFor(() => expect(screen.queryByTestId('kanban-card-102')).not.toBeInTheDocument());
    expect(screen.getByTestId('kanban-card-100')).toBeInTheDocument();
  });
});
