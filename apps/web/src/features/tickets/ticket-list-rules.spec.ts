import type { TicketsPageView } from '@atrium/contracts';
import { aTicket } from '../../../test/tickets-fixtures';
import { applyToList, belongsToList, markReadInList, ticketsOf, type TicketPages } from './ticket-list-rules';
import { lastMessageText, listName, listTime } from './ticket-format';
import dayjs from 'dayjs';

const agent = { id: 7, profile: 'user', super: false };
const admin = { id: 1, profile: 'admin', super: false };

function pages(...lists: TicketsPageView['tickets'][]): TicketPages {
  return {
    pages: lists.map((tickets) => ({ tickets, count: lists.flat().length, hasMore: false })),
    pageParams: lists.map((_, index) => index + 1),
  };
}

describe('ticket list rules', () => {
  it('lists what GET /tickets would list for the filter', () => {
    const mineOpen = aTicket({ status: 'open', userId: 7 });
    const othersOpen = aTicket({ status: 'open', userId: 8 });
    const pending = aTicket({ status: 'pending', userId: null, queueId: null, queue: null });
    expect(belongsToList(mineOpen, { status: 'open' }, agent)).toBe(true);
    expect(belongsToList(othersOpen, { status: 'open' }, agent)).toBe(false);
    expect(belongsToList(othersOpen, { status: 'open', showAll: true }, agent)).toBe(false);
    expect(belongsToList(othersOpen, { status: 'open', showAll: true }, admin)).toBe(true);
    expect(belongsToList(pending, { status: 'pending', queueIds: [2] }, agent)).toBe(true);
    expect(belongsToList(aTicket({ status: 'pending', queueId: 3 }), { status: 'pending', queueIds: [2] }, agent)).toBe(false);
    expect(belongsToList(mineOpen, { status: 'closed' }, agent)).toBe(false);
    expect(belongsToList({ ...mineOpen, unreadMessages: 0 }, { withUnreadMessages: true }, agent)).toBe(false);
    expect(belongsToList({ ...mineOpen, tags: [{ id: 1, name: 'vip', color: '#f00', kanban: 0 }] }, { tags: [1] }, agent)).toBe(true);
    expect(belongsToList(mineOpen, { tags: [1] }, agent)).toBe(false);
    expect(belongsToList(mineOpen, { searchParam: 'oi' }, agent)).toBe(false);
  });

  it('adds, moves, replaces and removes tickets in a cached list, counting', () => {
    const a = aTicket({ id: 1 });
    const b = aTicket({ id: 2 });
    const c = aTicket({ id: 3 });
    const data = pages([a, b], [c]);
    applyToList(data, { ...c, lastMessage: 'novo' }, { status: 'open' }, agent, true);
    expect(ticketsOf(data).map((ticket) => ticket.id)).toEqual([3, 1, 2]);
    applyToList(data, { ...b, lastMessage: 'editado' }, { status: 'open' }, agent, false);
    expect(ticketsOf(data).map((ticket) => ticket.lastMessage)).toEqual(['novo', 'Oi', 'editado']);
    applyToList(data, { ...a, status: 'closed' }, { status: 'open' }, agent, false);
    expect(ticketsOf(data).map((ticket) => ticket.id)).toEqual([3, 2]);
    expect(data.pages[0]!.count).toBe(2);
    applyToList(data, aTicket({ id: 4 }), { status: 'open' }, agent, false);
    expect(ticketsOf(data).map((ticket) => ticket.id)).toEqual([4, 3, 2]);
    expect(data.pages[0]!.count).toBe(3);

    const unread = pages([{ ...a, unreadMessages: 3 }]);
    markReadInList(unread, 1, { withUnreadMessages: true });
    expect(ticketsOf(unread)).toEqual([]);
  });

  it('formats names, times and last messages as the list shows them', () => {
    const now = dayjs('2025-06-10T15:00:00');
    expect(listTime('2025-06-10T09:05:00', now)).toBe('09:05');
    expect(listTime('2025-06-09T09:05:00', now)).toBe('09/06/2025');
    expect(listName('Maria Aparecida', true)).toBe('Maria Apar...');
    expect(listName('Maria Aparecida', false)).toBe('Maria Aparecida');
    expect(listName('Curto', true)).toBe('Curto');
    expect(lastMessageText({ lastMessage: 'data:image/png;base64,AAA|https://maps|' }, 'Localização')).toBe('Localização');
  });
});
