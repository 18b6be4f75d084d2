import type { TicketView } from '@atrium/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';
import { kanbanApi, type KanbanQueueIds } from '../api/kanban.api';
import { placeOnBoard, removeFromBoard } from '../kanban-board';

/**
 * Keeps the board live: a ticket that changes (a move, a transfer, a status change) or arrives
 * (a new ticket or message) takes its place, in its lane, without asking the server again; a
 * ticket the user may no longer see leaves. The server sends each user only the tickets they may see.
 */
export function useKanbanLive(companyId: number, queueArg: KanbanQueueIds, queueIds: readonly number[]): void {
  const dispatch = useAppDispatch();
  const update = (recipe: (board: TicketView[]) => void) => dispatch(kanbanApi.util.updateQueryData('kanbanTickets', queueArg, recipe));

  useSocketEvent(socketEvents.ticket(companyId), (event) => {
    if (event.action === 'update') update((board) => placeOnBoard(board, event.ticket, queueIds));
    else if (event.action === 'delete') update((board) => removeFromBoard(board, event.ticketId));
  });
  useSocketEvent(socketEvents.appMessage(companyId), (event) => update((board) => placeOnBoard(board, event.ticket, queueIds)));
}
