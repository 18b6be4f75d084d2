import type { TicketView } from '@atrium/contracts';
import { aTicket } from '../../../test/tickets-fixtures';
import { belongsToBoard, laneOf, OPEN_LANE, placeOnBoard, tagsAfterMove } from './kanban-board';

const lane = (id: number) => ({ id, name: `Lane ${id}`, color: '#000000', kanban: 1 as const });
const plain = { id: 9, name: 'VIP', color: '#ff0000', kanban: 0 as const };

describe('kanban board rules', () => {
  it('puts a ticket in the lane of its first lane tag, else in Em aberto', () => {
    expect(laneOf({ tags: [plain] }, [1, 2])).toBe(OPEN_LANE);
    expect(laneOf({ tags: [plain, lane(2)] }, [1, 2])).toBe('tag-2');
    // a kanban tag that is no lane any more (e.g. just deleted) leaves the ticket in Em aberto
    expect(laneOf({ tags: [lane(3)] }, [1, 2])).toBe(OPEN_LANE);
  });

  it('a move replaces the kanban tags and keeps the others', () => {
    expect(tagsAfterMove({ tags: [plain, lane(1)] }, lane(2))).toEqual([plain, lane(2)]);
    expect(tagsAfterMove({ tags: [plain, lane(1)] }, null)).toEqual([plain]);
  });

  it('shows open and pending tickets of the given queues (and without queue)', () => {
    expect(belongsToBoard({ status: 'closed', queueId: 1 }, [])).toBe(false);
    expect(belongsToBoard({ status: 'open', queueId: 5 }, [1])).toBe(false);
    expect(belongsToBoard({ status: 'pending', queueId: null }, [1])).toBe(true);
    expect(belongsToBoard({ status: 'open', queueId: 5 }, [])).toBe(true);
  });

  it('replaces a known ticket in place, adds a new one on top and drops a closed one', () => {
    const board: TicketView[] = [aTicket({ id: 1 }), aTicket({ id: 2 })];
    placeOnBoard(board, aTicket({ id: 2, lastMessage: 'novo' }), []);
    placeOnBoard(board, aTicket({ id: 3 }), []);
    placeOnBoard(board, aTicket({ id: 1, status: 'closed' }), []);
    expect(board.map((ticket) => [ticket.id, ticket.lastMessage])).toEqual([
      [3, 'Oi'],
      [2, 'novo'],
    ]);
  });
});
