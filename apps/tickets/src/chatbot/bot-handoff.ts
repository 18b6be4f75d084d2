import { Inject, Injectable } from '@nestjs/common';
import type { BotRef, ConnectionAutomation } from '@atrium/contracts';
import { IntegrationOutbox } from '@atrium/messaging';
import type { ContactRow } from '../contacts/contacts.repository.js';
import type { MessageRow } from '../messages/messages.repository.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import type { TicketBotRow } from '../tickets/ticket-bots.repository.js';
import { TicketBotsRepository } from '../tickets/ticket-bots.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import type { BotQueueRow } from './chatbot.repository.js';

/** The ai bot a queue or a connection names (a prompt before an integration), or null. */
export function botOf(
  owner:
    | Pick<BotQueueRow, 'promptId' | 'integrationId' | 'flowId'>
    | Pick<ConnectionAutomation, 'promptId' | 'integrationId' | 'flowId'>
    | null
    | undefined,
): BotRef | null {
  // a flow takes precedence over the connection's queue menu and its other bots (issue 27)
  if (owner?.flowId) return { kind: 'flow', flowId: owner.flowId };
  if (owner?.promptId) return { kind: 'prompt', promptId: owner.promptId };
  if (owner?.integrationId) return { kind: 'integration', integrationId: owner.integrationId };
  return null;
}

export function sameBot(a: BotRef | null | undefined, b: BotRef | null | undefined): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === 'prompt') return a.promptId === (b as typeof a).promptId;
  if (a.kind === 'flow') return a.flowId === (b as typeof a).flowId;
  return a.integrationId === (b as typeof a).integrationId;
}

/**
 * The bot that should answer this customer message instead of the menus: the ticket is pending
 * without agent, not released to people, and its queue (or, before a queue is chosen, its
 * connection) names a prompt or an integration.
 */
export function handingBot(
  ticket: TicketRow,
  state: TicketBotRow | undefined,
  queue: BotQueueRow | undefined,
  connection: ConnectionAutomation | null,
): BotRef | null {
  if (ticket.status !== 'pending' || ticket.userId !== null || ticket.isGroup || state?.released) return null;
  return ticket.queueId !== null ? botOf(queue) : botOf(connection);
}

/**
 * States `ticketMessage.handedToBot` for a stored customer message, in the transaction that stored
 * it (the outbox), with the ticket's next sequence; the ticket shows the robot (`chatbot`) and
 * records the bot (`useIntegration`, `promptId`/`integrationId`).
 */
@Injectable()
export class BotHandoff {
  constructor(
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
  ) {}

  async handOff(tx: TicketsTx, ticket: TicketRow, contact: ContactRow, message: MessageRow, bot: BotRef): Promise<void> {
    const { companyId } = ticket;
    const sequence = await this.bots.nextSequence(tx, companyId, ticket.id, bot);
    if (!ticket.chatbot || !ticket.useIntegration) {
      await this.tickets.update(tx, companyId, ticket.id, {
        chatbot: true,
        useIntegration: true,
        promptId: bot.kind === 'prompt' ? bot.promptId : null,
        integrationId: bot.kind === 'integration' ? bot.integrationId : null,
      });
      Object.assign(ticket, { chatbot: true, useIntegration: true });
    }
    await this.outbox.add(tx, 'ticketMessage.handedToBot', companyId, {
      ticketId: ticket.id,
      messageId: message.id,
      sequence,
      bot,
      queueId: ticket.queueId,
      whatsappId: ticket.whatsappId ?? message.whatsappId ?? 0,
      contact: { id: contact.id, name: contact.name, number: contact.number ?? '', email: contact.email },
      message: {
        body: message.body,
        mediaType: message.mediaType,
        mediaKey: message.mediaPath,
        createdAt: message.createdAt.toISOString(),
      },
    });
  }
}
