import type { TagRef, TicketView } from '@atrium/contracts';

/** The lane of tickets without a kanban tag ('Em aberto'). */
export const OPEN_LANE = 'open';
export type LaneId = typeof OPEN_LANE | `tag-${number}`;

export function laneIdOf(tagId: number | null): LaneId {
  return tagId === null ? OPEN_LANE : `tag-${tagId}`;
}

export function tagIdOfLane(lane: LaneId): number | null {
  return lane === OPEN_LANE ? null : Number(lane.slice('tag-'.length));
}

/** The lane a ticket sits in: its first tag that is a lane, else 'Em aberto'. */
export function laneOf(ticket: Pick<TicketView, 'tags'>, laneTagIds: readonly number[]): LaneId {
  const tag = ticket.tags.find((candidate) => laneTagIds.includes(candidate.id));
  return laneIdOf(tag ? tag.id : null);
}

/** The ticket's tags once moved to `lane`: its kanban tags replaced by the lane's (its other tags kept). */
export function tagsAfterMove(ticket: Pick<TicketView, 'tags'>, lane: TagRef | null): TagRef[] {
  const kept = ticket.tags.filter((tag) => tag.kanban !== 1);
  return lane ? [...kept, lane] : kept;
}

/** Does the board (open and pending tickets, of the user's queues when given) show this ticket? */
export function belongsToBoard(ticket: Pick<TicketView, 'status' | 'queueId'>, queueIds: readonly number[]): boolean {
  if (ticket.status !== 'open' && ticket.status !== 'pending') return false;
  return queueIds.length === 0 || ticket.queueId === null || queueIds.includes(ticket.queueId);
}

/** A ticket changed or arrived (live event or our own move): the board's list follows in place. */
export function placeOnBoard(board: TicketView[], ticket: TicketView, queueIds: readonly number[]): void {
  const index = board.findIndex((candidate) => candidate.id === ticket.id);
  if (!belongsToBoard(ticket, queueIds)) {
    if (index >= 0) board.splice(index, 1);
    return;
  }
  if (index >= 0) board[index] = ticket;
  else board.unshift(ticket);
}

export function removeFromBoard(board: TicketView[], ticketId: number): void {
  const index = board.findIndex((candidate) => candidate.id === ticketId);
  if (index >= 0) board.splice(index, 1);
}
