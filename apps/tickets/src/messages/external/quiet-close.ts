import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@atrium/service-kit';
import { scopeOf, TicketsEvents } from '../../shared/tickets.events.js';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { BotRelease } from '../../tickets/bot-release.js';
import { planTransition } from '../../tickets/ticket-transition.js';
import { TicketViews } from '../../tickets/ticket-views.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';

/** The external API's `closeTicket`: the ticket resolved as an agent's 'Finalizar' would, without the completion message. */
@Injectable()
export class QuietClose {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotRelease) private readonly botRelease: BotRelease,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  async close(companyId: number, ticketId: number): Promise<void> {
    const change = await this.database.withTenant(companyId, async (tx) => {
      const current = await this.tickets.lockById(tx, companyId, ticketId);
      if (!current || current.status === 'closed') return undefined;
      const { next } = planTransition(current, { status: 'closed' }, 0);
      await this.tickets.update(tx, companyId, ticketId, { ...next, chatbot: false, awaitingReplySince: null });
      await this.botRelease.release(tx, companyId, ticketId, 'closed');
      return { before: scopeOf(current), after: await this.views.one(tx, companyId, ticketId) };
    });
    if (change) this.events.ticketUpdated(change.after, change.before);
  }
}
