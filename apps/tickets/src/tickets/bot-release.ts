import { Inject, Injectable } from '@nestjs/common';
import type { TicketBotReleased } from '@atrium/contracts';
import { IntegrationOutbox } from '@atrium/messaging';
import type { TicketsTx } from '../shared/tickets-database.js';
import { TicketBotsRepository } from './ticket-bots.repository.js';
import { TicketsRepository } from './tickets.repository.js';

/**
 * Takes a ticket from the ai service's bot when people act on it (accept, transfer, close) or the
 * bot itself hands it over: in the transaction of that change, the ticket's bot is released (the
 * automaton will not hand it again), `ticket.chatbot`/`useIntegration` go off, and the integration
 * event `ticket.botReleased` is staged in the outbox. A ticket no bot drives is left alone.
 */
@Injectable()
export class BotRelease {
  constructor(
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
  ) {}

  /** True when the ticket was the bot's and is released now. */
  async release(tx: TicketsTx, companyId: number, ticketId: number, reason: TicketBotReleased['reason']): Promise<boolean> {
    const state = await this.bots.find(tx, companyId, ticketId);
    if (!state?.bot || state.released) return false;
    await this.bots.save(tx, companyId, ticketId, { released: true, stage: 'done' });
    await this.tickets.update(tx, companyId, ticketId, { useIntegration: false, chatbot: false });
    await this.outbox.add(tx, 'ticket.botReleased', companyId, { ticketId, reason });
    return true;
  }
}
