import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { IntegrationEvent } from '@atrium/contracts';
import { IntegrationEvents } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';

/**
 * A deleted user's open tickets go back to their queues as pending, for the queues' agents to
 * accept, on identity's durable `user.deleted` integration event (one replica handles it, even
 * one that was down when the user was deleted). Idempotent by construction: a redelivered event
 * finds no open ticket of that user.
 */
@Injectable()
export class DeletedUsersConsumer implements OnModuleInit {
  constructor(
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  onModuleInit(): void {
    this.integration.on('user.deleted', (event) => this.releaseTicketsOf(event));
  }

  private async releaseTicketsOf(event: IntegrationEvent<'user.deleted'>): Promise<void> {
    const { companyId } = event;
    const { userId } = event.payload;
    const released = await this.database.withTenant(companyId, async (tx) => {
      const ids = await this.tickets.releaseOpenOfUser(tx, companyId, userId);
      return ids.length === 0 ? [] : this.views.many(tx, companyId, ids);
    });
    for (const ticket of released) this.events.ticketUpdated(ticket, { queueId: ticket.queueId, userId, status: 'open' });
  }
}
