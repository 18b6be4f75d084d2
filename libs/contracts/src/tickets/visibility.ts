import { isAdmin, type Actor } from '../actor.js';

/** Ticket status (spec 000 section 4). */
export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What decides who may see a ticket: its queue, its agent and its status. */
export interface TicketScope {
  queueId: number | null;
  userId: number | null;
  status: TicketStatus;
}

export type TicketViewer = Pick<Actor, 'userId' | 'profile' | 'super' | 'queueIds' | 'allTicket'>;

/**
 * Who may see a ticket (spec 000 sections 5 and 6), the one rule the tickets service (lists,
 * reads by id) and the gateway (socket events, joinChatBox) share:
 * - admins (and super users) see every ticket of their company;
 * - the agent a ticket is assigned to sees it;
 * - other users see the tickets of their queues;
 * - a ticket without queue is seen, while pending, by users whose allTicket is 'enabled'.
 */
export function canSeeTicket(viewer: TicketViewer, scope: TicketScope): boolean {
  if (isAdmin(viewer)) return true;
  if (scope.userId !== null && scope.userId === viewer.userId) return true;
  if (scope.queueId !== null) return viewer.queueIds.includes(scope.queueId);
  return scope.status === 'pending' && viewer.allTicket === 'enabled';
}

export function sameTicketScope(a: TicketScope, b: TicketScope): boolean {
  return a.queueId === b.queueId && a.userId === b.userId && a.status === b.status;
}
