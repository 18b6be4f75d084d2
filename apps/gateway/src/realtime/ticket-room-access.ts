import type { Actor } from '@atrium/contracts';

/** Decides whether a socket may follow a ticket's room (`joinChatBox`). */
export interface TicketRoomAccess {
  canJoin(viewer: Actor, ticketId: number): Promise<boolean>;
}

export const TICKET_ROOM_ACCESS = Symbol('TICKET_ROOM_ACCESS');

/**
 * Until the tickets service answers ticket permissions, any ticket id is allowed: the room is
 * namespaced by the socket's company (SocketRooms.ticket), so no other tenant's traffic can reach
 * it. The tickets issue replaces this provider with a check of the ticket's queue against the
 * viewer's queues, allTicket and profile (spec 000 section 5, 'Acesso não permitido').
 */
export class CompanyScopedTicketRoomAccess implements TicketRoomAccess {
  async canJoin(): Promise<boolean> {
    return true;
  }
}
