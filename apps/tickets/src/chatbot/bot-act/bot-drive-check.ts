import { Inject, Injectable } from '@nestjs/common';
import type { BotActCommand, BotActResult } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { TicketsDatabase, TicketsTx } from '../../shared/tickets-database.js';
import { TicketBotsRepository } from '../../tickets/ticket-bots.repository.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { sameBot } from '../bot-handoff.js';

export const RELEASED: BotActResult = { applied: false, reason: 'released' };
export const NOT_FOUND: BotActResult = { applied: false, reason: 'notFound' };

/** Whether the bot still drives the ticket: pending, no agent, not released, the same bot. */
@Injectable()
export class BotDriveCheck {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
  ) {}

  /** Why the bot may not act on the ticket now, or undefined when it may; in the caller's transaction, the ticket locked. */
  async refusal(command: BotActCommand, tx?: TicketsTx): Promise<BotActResult | undefined> {
    const check = async (t: TicketsTx) => {
      const ticket = await (tx
        ? this.tickets.lockById(t, command.companyId, command.ticketId)
        : this.tickets.findById(t, command.companyId, command.ticketId));
      if (!ticket) return NOT_FOUND;
      const state = await this.bots.find(t, command.companyId, command.ticketId);
      const drives = ticket.status === 'pending' && ticket.userId === null && !!state && !state.released && sameBot(state.bot, command.bot);
      return drives ? undefined : RELEASED;
    };
    return tx ? check(tx) : this.database.withTenant(command.companyId, check);
  }
}
