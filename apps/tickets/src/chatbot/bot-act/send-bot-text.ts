import { Inject, Injectable } from '@nestjs/common';
import type { BotActCommand, TicketView } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { MessageSender, type OutgoingMessage, type RecordStep } from '../../messages/message-sender.js';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { TicketViews } from '../../tickets/ticket-views.js';
import type { StepDone } from '../bot-act-steps.repository.js';

/** A bot's `text` action (and the sending of its files): through the composer's path (MessageSender: stored as ours, then sent). */
@Injectable()
export class SendBotText {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(MessageSender) private readonly sender: MessageSender,
  ) {}

  /** `recording`: a stepped act's send, recorded done in the transaction that records the sent message. */
  async send(command: BotActCommand, outgoing: OutgoingMessage, recording?: RecordStep<StepDone, void>): Promise<void> {
    const view = await this.view(command);
    if (!recording) {
      await this.sender.send(view, outgoing);
      return;
    }
    const pending = await this.database.withTenant(command.companyId, (tx) => this.sender.storePending(tx, view, outgoing));
    await this.sender.deliverRecording(view, pending, recording);
  }

  /** The ticket's view now. */
  view(command: BotActCommand): Promise<TicketView> {
    return this.database.withTenant(command.companyId, (tx) => this.views.one(tx, command.companyId, command.ticketId));
  }
}
