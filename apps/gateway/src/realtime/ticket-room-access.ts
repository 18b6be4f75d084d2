import { Inject, Injectable } from '@nestjs/common';
import { TicketsSubjects, type Actor } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { LOGGER } from '@atrium/service-kit';

/** Decides whether a socket may follow a ticket's room (`joinChatBox`). */
export interface TicketRoomAccess {
  canJoin(viewer: Actor, ticketId: number): Promise<boolean>;
}

export const TICKET_ROOM_ACCESS = Symbol('TICKET_ROOM_ACCESS');

const ACCESS_TIMEOUT_MS = 5_000;

/**
 * Asks the tickets service whether the viewer may see the ticket (canSeeTicket: admins, the
 * ticket's agent, its queue's members, allTicket users for pending tickets without queue;
 * spec 000 section 5 'Acesso não permitido'). Unknown tickets and an unanswered question refuse.
 */
@Injectable()
export class TicketsServiceRoomAccess implements TicketRoomAccess {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async canJoin(viewer: Actor, ticketId: number): Promise<boolean> {
    try {
      const { allowed } = await this.rpc.request<{ allowed: boolean }>(TicketsSubjects.ticketsCanView, { ticketId }, { actor: viewer, timeoutMs: ACCESS_TIMEOUT_MS });
      return allowed;
    } catch (error) {
      this.logger.warn({ err: error, ticketId }, 'ticket room access not checked: refused');
      return false;
    }
  }
}
