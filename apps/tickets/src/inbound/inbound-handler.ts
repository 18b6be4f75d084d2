import { Inject, Injectable } from '@nestjs/common';
import type {
  ContactView,
  InboundAckEvent,
  InboundCallEvent,
  InboundEditEvent,
  InboundEvent,
  InboundMessageEvent,
  InboundRevokeEvent,
  MessageView,
  TicketView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { toContactView } from '../contacts/contact.view.js';
import { CompanySettings } from '../directory/company-settings.js';
import { SessionsChannel } from '../directory/sessions-channel.js';
import { lastMessageText } from '../messages/media-type.js';
import { toMessageView } from '../messages/message.view.js';
import { MessagesRepository, type MessageRecord, type MessageRow } from '../messages/messages.repository.js';
import { pad2, zonedParts } from '../shared/dates.js';
import { TicketsEvents } from '../shared/tickets-events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { ConversationResolver, type Conversation } from './conversation-resolver.js';

/**
 * What became of an event: `done` (committed, or nothing to do: acknowledge it, then run
 * `announce`), or `retry` (it refers to a message not stored yet: redeliver it a little later).
 */
export type InboundOutcome = { outcome: 'done'; announce?: () => void } | { outcome: 'retry' };

const DONE: InboundOutcome = { outcome: 'done' };

const CALL_STATUS_TEXT = { offer: 'recebida', missed: 'perdida', rejected: 'recusada', accepted: 'atendida' } as const;

/**
 * Turns one event of the INBOUND stream into tickets-service state, in one transaction per event:
 * messages and calls find or create their contact and ticket and are stored once (their channel
 * id is unique per connection); acks, edits and revokes update the stored message. Events are
 * announced to sockets only after the commit (the consumer acknowledges first).
 */
@Injectable()
export class InboundHandler {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(ConversationResolver) private readonly conversations: ConversationResolver,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  handle(event: InboundEvent): Promise<InboundOutcome> {
    switch (event.type) {
      case 'message':
        return this.message(event);
      case 'ack':
        return this.ack(event);
      case 'edit':
        return this.edit(event);
      case 'revoke':
        return this.revoke(event);
      case 'call':
        return this.call(event);
    }
  }

  private async message(event: InboundMessageEvent): Promise<InboundOutcome> {
    const { companyId, whatsappId, message } = event;
    if (message.chat.isGroup && (await this.settings.of(companyId)).CheckMsgIsGroup === 'enabled') return DONE;
    const stored = await this.database.withTenant(companyId, async (tx) => {
      if (await this.messages.findByWid(tx, companyId, whatsappId, message.id)) return undefined;
      const conversation = await this.conversations.resolve(tx, { companyId, whatsappId, chat: message.chat, from: message.from, fromMe: message.fromMe });
      const quoted = message.quotedId ? await this.messages.findByWid(tx, companyId, whatsappId, message.quotedId) : undefined;
      const row = await this.messages.insertIfAbsent(tx, {
        companyId,
        ticketId: conversation.ticket.id,
        contactId: (conversation.author ?? conversation.contact).id,
        whatsappId,
        wid: message.id,
        body: message.body,
        fromMe: message.fromMe,
        read: message.fromMe,
        mediaType: message.mediaType,
        mediaPath: message.media?.path ?? null,
        mediaName: message.media?.filename ?? null,
        quotedMsgId: quoted?.id ?? null,
        ack: message.fromMe ? 1 : 0,
      });
      if (!row) return undefined; // a concurrent delivery of the same message stored it
      await this.tickets.touch(tx, companyId, conversation.ticket.id, lastMessageText(row.mediaType, row.body, row.mediaName), !message.fromMe);
      return this.created(tx, conversation, row, quoted);
    });
    return stored ? { outcome: 'done', announce: () => this.announceCreated(stored) } : DONE;
  }

  private async call(event: InboundCallEvent): Promise<InboundOutcome> {
    const { companyId, whatsappId, call } = event;
    const wid = `call:${call.id}`;
    const body = `${call.isVideo ? 'Chamada de vídeo' : 'Chamada de voz'} ${CALL_STATUS_TEXT[call.status]} às ${this.clock(call.timestamp)}`;
    const stored = await this.database.withTenant(companyId, async (tx) => {
      const existing = await this.messages.findByWid(tx, companyId, whatsappId, wid);
      if (existing) {
        if (existing.body === body) return undefined;
        await this.messages.update(tx, companyId, existing.id, { body });
        return { updated: await this.updated(tx, existing) };
      }
      const chat = { id: call.chatId, isGroup: false, name: null };
      const conversation = await this.conversations.resolve(tx, { companyId, whatsappId, chat, from: call.from, fromMe: false });
      const row = await this.messages.insertIfAbsent(tx, {
        companyId,
        ticketId: conversation.ticket.id,
        contactId: conversation.contact.id,
        whatsappId,
        wid,
        body,
        fromMe: false,
        mediaType: 'call_log',
      });
      if (!row) return undefined;
      await this.tickets.touch(tx, companyId, conversation.ticket.id, body, true);
      return { created: await this.created(tx, conversation, row) };
    });
    const reject = call.status === 'offer' && (await this.settings.of(companyId)).call === 'disabled';
    return {
      outcome: 'done',
      announce: () => {
        if (stored?.created) this.announceCreated(stored.created);
        if (stored?.updated) this.events.message('update', stored.updated.message, stored.updated.ticket);
        if (reject) this.rejectCall(event);
      },
    };
  }

  private async ack(event: InboundAckEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) => this.messages.raiseAck(tx, event.companyId, event.whatsappId, row.wid!, event.ack));
  }

  private async edit(event: InboundEditEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) =>
      row.body === event.body && row.isEdited ? Promise.resolve(undefined) : this.messages.update(tx, event.companyId, row.id, { body: event.body, isEdited: true }),
    );
  }

  private async revoke(event: InboundRevokeEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) => (row.isDeleted ? Promise.resolve(undefined) : this.messages.update(tx, event.companyId, row.id, { isDeleted: true })));
  }

  /**
   * Applies a change to a stored message and announces it. A message not stored yet (its send is
   * still being recorded, or another replica is storing it) is retried later; a change that
   * changes nothing (a repeated ack) is acknowledged silently.
   */
  private async changeMessage(
    event: InboundAckEvent | InboundEditEvent | InboundRevokeEvent,
    apply: (tx: TicketsTx, row: MessageRow) => Promise<MessageRow | undefined>,
  ): Promise<InboundOutcome> {
    const { companyId, whatsappId, messageId } = event;
    const result = await this.database.withTenant(companyId, async (tx) => {
      const row = await this.messages.findByWid(tx, companyId, whatsappId, messageId);
      if (!row) return 'missing' as const;
      const changed = await apply(tx, row);
      return changed ? this.updated(tx, changed) : undefined;
    });
    if (result === 'missing') return { outcome: 'retry' };
    return result ? { outcome: 'done', announce: () => this.events.message('update', result.message, result.ticket) } : DONE;
  }

  /** The views a new message's events carry; the message's is built from the rows in hand when they say it all. */
  private async created(tx: TicketsTx, conversation: Conversation, row: MessageRow, quoted?: MessageRow) {
    const ticket = await this.views.one(tx, row.companyId, conversation.ticket.id);
    const author = conversation.author ?? conversation.contact;
    const quotedAuthorKnown = !quoted || quoted.fromMe || quoted.contactId === author.id;
    const record: MessageRecord | undefined = quotedAuthorKnown
      ? {
          message: row,
          contact: { id: author.id, name: author.name, number: author.number },
          quoted: quoted ?? null,
          quotedContact: quoted && !quoted.fromMe ? { id: author.id, name: author.name } : null,
        }
      : await this.messages.record(tx, row.companyId, row.id);
    return { message: toMessageView(record!), ticket, newContacts: conversation.createdContacts.map(toContactView) };
  }

  private async updated(tx: TicketsTx, row: MessageRow): Promise<{ message: MessageView; ticket: TicketView }> {
    const record = await this.messages.record(tx, row.companyId, row.id);
    return { message: toMessageView(record!), ticket: await this.views.one(tx, row.companyId, row.ticketId) };
  }

  private announceCreated(stored: { message: MessageView; ticket: TicketView; newContacts: ContactView[] }): void {
    for (const contact of stored.newContacts) this.events.contactSaved('create', contact);
    this.events.ticketUpdated(stored.ticket);
    this.events.message('create', stored.message, stored.ticket);
  }

  /** Setting `call` disabled: the call is refused on WhatsApp (best effort). */
  private rejectCall(event: InboundCallEvent): void {
    this.channel
      .command(event.companyId, event.whatsappId, { type: 'rejectCall', callId: event.call.id, to: event.call.chatId }, 15_000)
      .catch((error: unknown) => this.logger.warn({ err: error, callId: event.call.id }, 'call not rejected'));
  }

  private clock(timestamp: number): string {
    const p = zonedParts(new Date(timestamp), this.config.TIME_ZONE);
    return `${pad2(p.hour)}:${pad2(p.minute)}`;
  }
}
