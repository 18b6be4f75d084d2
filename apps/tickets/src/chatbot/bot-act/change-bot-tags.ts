import { Inject, Injectable } from '@nestjs/common';
import type { BotAction, BotActCommand } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { scopeOf, TicketsEvents } from '../../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../../shared/tickets-database.js';
import { TicketViews } from '../../tickets/ticket-views.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';

/** A bot's `tag` action (a flow's tag node): tags of the company added to and removed from the ticket, shown at once. */
@Injectable()
export class ChangeBotTags {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  /** `within`: what commits with the change (a stepped act's record of it). */
  async change(
    command: BotActCommand,
    action: Extract<BotAction, { type: 'tag' }>,
    within?: (tx: TicketsTx) => Promise<void>,
  ): Promise<void> {
    const { companyId, ticketId } = command;
    const view = await this.database.withTenant(companyId, async (tx) => {
      await this.tickets.changeTags(tx, companyId, ticketId, action.add, action.remove);
      await within?.(tx);
      return this.views.one(tx, companyId, ticketId);
    });
    this.events.ticketUpdated(view, scopeOf(view));
  }
}
