import { Inject, Injectable } from '@nestjs/common';
import type { BotActCommand, TicketView } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { MessageSender, type OutgoingMessage } from '../../messages/message-sender.js';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { TicketViews } from '../../tickets/ticket-views.js';

/** A bot's `text` action (and the sending of its files): through the composer's path (MessageSender: stored as ours, then sent). */
@Injectable()
export class SendBotText {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(MessageSender) private readonly sender: MessageSender,
  ) {}

  async send(command: BotActCommand, outgoing: OutgoingMessage): Promise<void> {
    await this.sender.send(await this.view(command), outgoing);
  }

  /** The ticket's view now. */
  view(command: BotActCommand): Promise<TicketView> {
    return this.database.withTenant(command.companyId, (tx) => this.views.one(tx, command.companyId, command.ticketId));
  }
}
