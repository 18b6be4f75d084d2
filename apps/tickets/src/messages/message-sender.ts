import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type MessageView,
  type OutboundCommandDto,
  type SentMessageResult,
  type TicketView,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { chatIdOf, SessionsChannel } from '../directory/sessions-channel.js';
import { TicketsEvents } from '../shared/tickets-events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { lastMessageText, mediaTypeOf } from './media-type.js';
import { toMessageView } from './message.view.js';
import { MessagesRepository } from './messages.repository.js';

/** One message to send: text, or a stored file with an optional caption. */
export interface OutgoingMessage {
  body: string;
  media?: { path: string; mimetype: string; filename: string };
  quotedMsgId?: number;
}

/**
 * Sends messages of a ticket through its connection (sessions `command`), then stores them as
 * sent by the business with the channel's id and ack, moves the ticket to the top of the lists
 * and announces both. Sending in a closed ticket is refused (ERR_TICKET_CLOSED: 'Reabra ou aceite
 * esse ticket para enviar uma mensagem.').
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
  ) {}

  async send(ticket: TicketView, outgoing: OutgoingMessage): Promise<MessageView> {
    if (ticket.status === 'closed') throw new AppError(ErrorCode.ERR_TICKET_CLOSED);
    if (ticket.whatsappId === null) throw new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
    const to = chatIdOf(ticket.contact);
    if (to === null) throw new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    const companyId = ticket.companyId;
    const quoted = outgoing.quotedMsgId
      ? await this.database.withTenant(companyId, (tx) => this.messages.findById(tx, companyId, outgoing.quotedMsgId!))
      : undefined;
    if (outgoing.quotedMsgId && !quoted) throw new AppError(ErrorCode.ERR_NO_MESSAGE_FOUND);
    const command: OutboundCommandDto = outgoing.media
      ? {
          type: 'sendMedia',
          to,
          media: { ...outgoing.media, voiceNote: mediaTypeOf(outgoing.media.mimetype) === 'audio' },
          body: outgoing.body || undefined,
        }
      : { type: 'sendText', to, body: outgoing.body };
    if (quoted?.wid) command.quotedId = quoted.wid;
    const sent = await this.channel.command<SentMessageResult>(companyId, ticket.whatsappId, command);

    const mediaType = outgoing.media ? mediaTypeOf(outgoing.media.mimetype) : 'chat';
    const { message, view } = await this.database.withTenant(companyId, async (tx) => {
      const values = {
        companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        wid: sent.id,
        body: outgoing.body,
        fromMe: true,
        read: true,
        mediaType,
        mediaPath: outgoing.media?.path ?? null,
        mediaName: outgoing.media?.filename ?? null,
        quotedMsgId: quoted?.id ?? null,
        ack: sent.ack,
      };
      const row = (await this.messages.insertIfAbsent(tx, values)) ?? (await this.messages.findByWid(tx, companyId, ticket.whatsappId!, sent.id));
      await this.tickets.touch(tx, companyId, ticket.id, lastMessageText(mediaType, outgoing.body, values.mediaName), false);
      const record = await this.messages.record(tx, companyId, row!.id);
      return { message: toMessageView(record!), view: await this.views.one(tx, companyId, ticket.id) };
    });
    this.events.message('create', message, view);
    this.events.ticketUpdated(view);
    return message;
  }
}
