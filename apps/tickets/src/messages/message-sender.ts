import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  storableText,
  type MessageView,
  type SentMessageResult,
  type TicketView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { SessionsChannel, type OutboundCommand } from '@atrium/kernel';
import { chatIdOf } from '../directory/chat-id.js';
import { TicketsEvents } from '../shared/tickets-events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { lastMessageText, mediaTypeOf } from './media-type.js';
import { toMessageView } from './message.view.js';
import { MessagesRepository, type MessageRow } from './messages.repository.js';

/** One message to send: text, or a stored file with an optional caption; the stored message it answers. */
export interface OutgoingMessage {
  body: string;
  media?: { path: string; mimetype: string; filename: string };
  quoted?: Pick<MessageRow, 'id' | 'wid'>;
}

/** A message stored unsent: what `deliver` sends once the store has committed. */
export interface PendingMessage {
  id: number;
  whatsappId: number;
  command: OutboundCommand<'sendMedia' | 'sendText'>;
  lastMessage: string;
}

/**
 * Sends messages of a ticket through its connection (sessions `command`). A message is stored
 * before it is sent (no channel id yet, ack 0), so a message the customer receives is always in
 * the conversation: text PostgreSQL refuses is cleaned first, and a store that fails sends
 * nothing. Once sent it gets its channel id and ack, the ticket moves to the top of the lists and
 * both are announced. A send the connection refused takes the message out again; a send whose
 * answer never came keeps it (it may have gone). Its callers have checked that the ticket is not
 * closed (ERR_TICKET_CLOSED: 'Reabra ou aceite esse ticket para enviar uma mensagem.').
 */
@Injectable()
export class MessageSender {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Stores the message, then sends it (two transactions around the connection's answer). */
  async send(ticket: TicketView, outgoing: OutgoingMessage): Promise<MessageView> {
    const pending = await this.database.withTenant(ticket.companyId, (tx) => this.storePending(tx, ticket, outgoing));
    return this.deliver(ticket, pending);
  }

  /**
   * The first half of a send, inside the caller's transaction (so a caller that reads before it
   * sends pays one transaction for both): the message stored unsent. `deliver` after the commit.
   */
  async storePending(tx: TicketsTx, ticket: TicketView, outgoing: OutgoingMessage): Promise<PendingMessage> {
    if (ticket.whatsappId === null) throw new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
    const to = chatIdOf(ticket.contact);
    if (to === null) throw new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    const body = storableText(outgoing.body);
    const mediaType = outgoing.media ? mediaTypeOf(outgoing.media.mimetype) : 'chat';
    const mediaName = outgoing.media ? storableText(outgoing.media.filename) : null;
    const row = await this.messages.insertIfAbsent(tx, {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      wid: null,
      body,
      fromMe: true,
      read: true,
      mediaType,
      mediaPath: outgoing.media?.path ?? null,
      mediaName,
      quotedMsgId: outgoing.quoted?.id ?? null,
      ack: 0,
    });
    const command: OutboundCommand<'sendMedia' | 'sendText'> = outgoing.media
      ? { type: 'sendMedia', to, media: { ...outgoing.media, filename: mediaName!, voiceNote: mediaType === 'audio' }, body: body || undefined }
      : { type: 'sendText', to, body };
    if (outgoing.quoted?.wid) command.quotedId = outgoing.quoted.wid;
    return { id: row!.id, whatsappId: ticket.whatsappId, command, lastMessage: lastMessageText(mediaType, body, mediaName) };
  }

  /**
   * A text stored unsent earlier (`storePending`, committed) sent now, when a queue's turn came
   * (the external API's, issue 15): undefined when it is gone (refused and forgotten) or already
   * has its channel id (sent).
   */
  async deliverStored(companyId: number, ticketId: number, messageId: number): Promise<MessageView | undefined> {
    const found = await this.database.withTenant(companyId, async (tx) => {
      const [row, ticket] = await Promise.all([this.messages.findById(tx, companyId, messageId), this.views.one(tx, companyId, ticketId)]);
      return row && ticket && row.wid === null && row.whatsappId !== null && row.mediaType === 'chat' ? { row, ticket } : undefined;
    });
    if (!found) return undefined;
    const { row, ticket } = found;
    const to = chatIdOf(ticket.contact);
    if (to === null) {
      await this.forget(companyId, row.id);
      throw new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    }
    const body = row.body;
    return this.deliver(ticket, { id: row.id, whatsappId: row.whatsappId!, command: { type: 'sendText', to, body }, lastMessage: lastMessageText('chat', body, null) });
  }

  /** The second half: the stored message sent through the connection, then its channel id and ack recorded and announced. */
  async deliver(ticket: TicketView, pending: PendingMessage): Promise<MessageView> {
    const companyId = ticket.companyId;
    const { whatsappId } = pending;
    let sent: SentMessageResult;
    try {
      sent = await this.channel.command(companyId, whatsappId, pending.command);
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await this.forget(companyId, pending.id);
      throw error;
    }

    const { message, view } = await this.database.withTenant(companyId, async (tx) => {
      // the connection may have reported the sent message back (fromMe) before this: one row stays
      const [echoed] = await this.messages.findByWids(tx, companyId, [{ whatsappId, wid: sent.id }]);
      await Promise.all([
        echoed ? this.messages.delete(tx, companyId, pending.id) : this.messages.update(tx, companyId, pending.id, { wid: sent.id, ack: sent.ack }),
        this.tickets.touch(tx, companyId, ticket.id, pending.lastMessage, false),
      ]);
      const [record, ticketView] = await Promise.all([this.messages.recordByWid(tx, companyId, whatsappId, sent.id), this.views.one(tx, companyId, ticket.id)]);
      return { message: toMessageView(record!), view: ticketView };
    });
    this.events.message('create', message, view);
    this.events.ticketUpdated(view);
    return message;
  }

  /** A message stored unsent that will not be sent leaves the conversation (in the caller's transaction). */
  async forgetIn(tx: TicketsTx, companyId: number, id: number): Promise<void> {
    await this.messages.delete(tx, companyId, id);
  }

  /** A message the connection refused to send leaves the conversation it was stored in. */
  private async forget(companyId: number, id: number): Promise<void> {
    try {
      await this.database.withTenant(companyId, (tx) => this.messages.delete(tx, companyId, id));
    } catch (error) {
      this.logger.warn({ err: error, companyId, messageId: id }, 'a message that was not sent stays stored unsent');
    }
  }
}
