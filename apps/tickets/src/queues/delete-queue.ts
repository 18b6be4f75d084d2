import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { AuditTrail, IntegrationOutbox } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { requireAdmin } from '@atrium/kernel';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { QueuesRepository } from './queues.repository.js';
import { auditedQueue, toQueueView } from './queue.view.js';

/** Ticket views fetched per query when a deleted queue's tickets are announced. */
export const UNQUEUED_VIEWS_CHUNK = 200;

/** Deleting a queue (admins only), and what becomes of the tickets it held. */
@Injectable()
export class DeleteQueue {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(QueuesRepository) private readonly queues: QueuesRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /**
   * Tickets of the queue keep living without queue ('SEM FILA'; the foreign key sets it null).
   * The queue's row is locked first, so no ticket moves into it unseen; the tickets it held are
   * announced after the commit: an update with the new view to whoever may see them now, a
   * delete to those who saw them only through the queue.
   */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    const ticketIds = await this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.queues.lockById(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
      const current = await this.queues.findById(tx, actor.companyId, id);
      const held = await this.tickets.idsInQueue(tx, actor.companyId, id);
      await this.queues.delete(tx, actor.companyId, id);
      // identity takes it out of its members' queues
      await this.outbox.add(tx, 'queue.deleted', actor.companyId, { queueId: id });
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'queue.deleted',
        entityType: 'queue',
        entityId: id,
        before: current ? auditedQueue(toQueueView(current)) : null,
      });
      return held;
    });
    this.events.queueDeleted(actor.companyId, id);
    await this.announceUnqueued(actor.companyId, id, ticketIds);
    return { message: 'Queue deleted' };
  }

  /** Best effort once the delete committed: a failure is logged, the delete stands. Views are read a chunk at a time. */
  private async announceUnqueued(companyId: number, queueId: number, ticketIds: number[]): Promise<void> {
    try {
      for (let start = 0; start < ticketIds.length; start += UNQUEUED_VIEWS_CHUNK) {
        const chunk = ticketIds.slice(start, start + UNQUEUED_VIEWS_CHUNK);
        const views = await this.database.withTenant(companyId, (tx) => this.views.many(tx, companyId, chunk));
        for (const view of views) this.events.ticketUpdated(view, { queueId, userId: view.userId, status: view.status });
      }
    } catch (error) {
      this.logger.warn({ err: error, companyId, queueId, tickets: ticketIds.length }, 'tickets of a deleted queue not all announced');
    }
  }
}
