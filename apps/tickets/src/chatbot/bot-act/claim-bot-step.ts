import { Inject, Injectable } from '@nestjs/common';
import type { BotActCommand } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { TicketBotsRepository } from '../../tickets/ticket-bots.repository.js';

/**
 * A stepped act (a flow's walk, issue 27): true the first time the ticket sees this step, false
 * for a replay after the bot's process died between sending and storing its state.
 */
@Injectable()
export class ClaimBotStep {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
  ) {}

  claim(command: BotActCommand & { step: number }): Promise<boolean> {
    const { companyId, ticketId, step } = command;
    return this.database.withTenant(companyId, (tx) => this.bots.claimStep(tx, companyId, ticketId, step));
  }
}
