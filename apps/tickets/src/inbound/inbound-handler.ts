import { Inject, Injectable } from '@nestjs/common';
import { callNoticeBody } from '@atrium/contracts';
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
import { CompanySettings, pad2, SessionsChannel, zonedParts } from '@atrium/kernel';
import type { TicketsConfig } from '../config.js';
import { ChatbotService, type BotReplies } from '../chatbot/chatbot.service.js';
import { ContactViews } from '../contacts/contact.view.js';
import { AutomaticMessages } from '../messages/automatic-messages.js';
import { CampaignReplies } from '../messages/campaign-replies.js';
import { lastMessageText } from '../messages/media-type.js';
import { toMessageView } from '../messages/message.view.js';
import { MessagesRepository, type MessageRecord, type MessageRow } from '../messages/messages.repository.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { ConversationResolver, type Conversation, type ResolvedConversations } from './conversation-resolver.js';

/**
 * What became of an event: `done` (committed, or nothing to do: acknowledge it, then run
 * `announce`; `retry` names the events of a batch to redeliver a little later), or `retry` (it
 * refers to a message not stored yet: redeliver it a little later).
 */
export type InboundOutcome = { outcome: 'done'; announce?: () => void; retry?: Set<number> } | { outcome: 'retry' };

const DONE: InboundOutcome = { outcome: 'done' };

interface CreatedMessages {
  messages: MessageView[];
  /** The touched tickets' views, by id. */
  tickets: Map<number, TicketView>;
  /** Contacts the batch created, and known ones it taught a name, number or lid. */
  contacts: { created: ContactView[]; updated: ContactView[] };
  /** The automaton's answers, sent after the announcement. */
  replies?: BotReplies;
}

const channelId = (whatsappId: number | null, wid: string | null) => `${whatsappId ?? 0}:${wid ?? ''}`;

function byChannelId(rows: MessageRow[]): Map<string, MessageRow> {
  return new Map(rows.map((row) => [channelId(row.whatsappId, row.wid), row]));
}

/** Each ticket's new last message and how many of the new messages the customer wrote. */
function touches(rows: MessageRow[]): Array<{ id: number; lastMessage: string; unread: number; ours: boolean }> {
  const byTicket = new Map<number, { id: number; lastMessage: string; unread: number; ours: boolean }>();
  for (const row of rows) {
    const touch = byTicket.get(row.ticketId) ?? { id: row.ticketId, lastMessage: '', unread: 0, ours: false };
    touch.lastMessage = lastMessageText(row.mediaType, row.body, row.mediaName);
    touch.ours = row.fromMe;
    if (!row.fromMe) touch.unread += 1;
    byTicket.set(row.ticketId, touch);
  }
  return [...byTicket.values()];
}

/**
 * Turns events of the INBOUND stream into tickets-service state: a batch of one company's messages
 * in one transaction (storeMessages), any other event in one of its own. Messages and calls find
 * or create their contact and ticket and are stored once (their channel id is unique per
 * connection); acks, edits and revokes update the stored message. Events are announced to
 * sockets only after the commit (the consumer acknowledges first).
 */
@Injectable()
export class InboundHandler {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(ConversationResolver) private readonly conversations: ConversationResolver,
    @Inject(ContactViews) private readonly contactViews: ContactViews,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(ChatbotService) private readonly chatbot: ChatbotService,
    @Inject(CampaignReplies) private readonly campaignReplies: CampaignReplies,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  handle(event: InboundEvent): Promise<InboundOutcome> {
    switch (event.type) {
      case 'message':
        return this.storeMessages([event]);
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

  /**
   * Stores a batch of one company's new messages in one transaction of a few statements: the
   * ones already stored (redeliveries) and repeats within the batch are skipped; each keeps the
   * batch's order. Announced after the commit: new contacts, each touched ticket once, each message.
   */
  async storeMessages(batch: InboundMessageEvent[]): Promise<InboundOutcome> {
    const companyId = batch[0]?.companyId;
    if (companyId === undefined) return DONE;
    if (batch.some((event) => event.companyId !== companyId)) throw new Error('a batch of inbound messages spans companies');
    const ignoreGroups =
      batch.some((event) => event.message.chat.isGroup) && (await this.settings.of(companyId)).CheckMsgIsGroup === 'enabled';
    const wanted = batch.filter((event) => !(ignoreGroups && event.message.chat.isGroup));
    if (wanted.length === 0) return DONE;
    const prepared = wanted.some((event) => !event.message.fromMe) ? await this.chatbot.prepare(companyId) : undefined;
    const stored = await this.database.withTenant(companyId, async (tx) => {
      const known = byChannelId(
        await this.messages.findByWids(
          tx,
          companyId,
          wanted.flatMap(({ whatsappId, message }) => [
            { whatsappId, wid: message.id },
            ...(message.quotedId ? [{ whatsappId, wid: message.quotedId }] : []),
          ]),
        ),
      );
      const again = await this.storedBefore(tx, wanted, known);
      const fresh = [
        ...new Map(
          wanted.filter((e) => !known.has(channelId(e.whatsappId, e.message.id))).map((e) => [channelId(e.whatsappId, e.message.id), e]),
        ).values(),
      ];
      if (fresh.length === 0) return { again };
      const resolved = await this.conversations.resolve(
        tx,
        companyId,
        fresh.map(({ whatsappId, message }) => ({
          whatsappId,
          chat: message.chat,
          from: message.from,
          fromMe: message.fromMe,
          sentAt: message.timestamp,
        })),
      );
      const { conversations } = resolved;
      const rows = byChannelId(
        await this.messages.insertManyIfAbsent(
          tx,
          fresh.map(({ whatsappId, message }, i) => ({
            companyId,
            ticketId: conversations[i]!.ticket.id,
            contactId: (conversations[i]!.author ?? conversations[i]!.contact).id,
            whatsappId,
            wid: message.id,
            body: message.body,
            fromMe: message.fromMe,
            read: message.fromMe,
            mediaType: message.mediaType,
            mediaPath: message.media?.path ?? null,
            mediaName: message.media?.filename ?? null,
            quotedMsgId: message.quotedId ? (known.get(channelId(whatsappId, message.quotedId))?.id ?? null) : null,
            ack: message.fromMe ? 1 : 0,
          })),
        ),
      );
      // a concurrent delivery of the same message stored it: not ours to announce
      const inserted = fresh.flatMap((event, i) => {
        const row = rows.get(channelId(event.whatsappId, event.message.id));
        return row ? [{ event, row, conversation: conversations[i]! }] : [];
      });
      if (inserted.length === 0) return { again };
      await this.linkQuotesWithinBatch(tx, inserted, rows);
      // issued together (their statements share round trips on the transaction's pipelined
      // connection, in this order): the tickets' touch, the automaton (which works on the rows in
      // hand, not on what the touch wrote) and the campaign answers (Redis, then the outbox)
      const [, replies, clearAnswered] = await Promise.all([
        this.tickets.touchMany(tx, companyId, touches(inserted.map(({ row }) => row))),
        prepared
          ? this.chatbot.onStored(
              tx,
              companyId,
              inserted.map(({ row, conversation }) => ({ ticket: conversation.ticket, contact: conversation.contact, message: row })),
              prepared,
            )
          : Promise.resolve([]),
        this.campaignReplies.stateAnswers(
          tx,
          inserted
            .filter(({ event }) => !event.message.fromMe && !event.message.chat.isGroup)
            .map(({ event, row, conversation }) => ({
              companyId,
              whatsappId: event.whatsappId,
              number: conversation.contact.number,
              messageId: row.id,
            })),
        ),
      ]);
      const tickets = new Map(
        (await this.views.many(tx, companyId, [...new Set(inserted.map(({ row }) => row.ticketId))])).map((view) => [view.id, view]),
      );
      // the answers' first texts stored unsent here: their sends need no transaction before them
      const storedReplies = await this.chatbot.storeFirstTexts(tx, companyId, replies, tickets);
      const messageViews: MessageView[] = [];
      for (const { event, row, conversation } of inserted) {
        const quoted = event.message.quotedId
          ? (known.get(channelId(event.whatsappId, event.message.quotedId)) ??
            rows.get(channelId(event.whatsappId, event.message.quotedId)))
          : undefined;
        messageViews.push(await this.messageView(tx, conversation, row, quoted));
      }
      return {
        again,
        created: {
          messages: messageViews,
          tickets,
          contacts: await this.contactViewsOf(tx, companyId, resolved),
          replies: storedReplies,
          clearAnswered,
        },
      };
    });
    const { again, created } = stored;
    if (again.length === 0 && !created) return DONE;
    return {
      outcome: 'done',
      announce: () => {
        for (const { message, ticket } of again) this.events.message('create', message, ticket);
        if (!created) return;
        created.clearAnswered();
        this.announceCreated(created);
        this.chatbot.send(created.replies);
      },
    };
  }

  /**
   * A customer's messages this batch brings again that are stored already: a redelivery, after
   * the process that stored them may have died between its commit and its announcement. Their
   * create is announced again (clients keep one message per id), or an agent would never see them.
   */
  private async storedBefore(
    tx: TicketsTx,
    batch: InboundMessageEvent[],
    known: Map<string, MessageRow>,
  ): Promise<Array<{ message: MessageView; ticket: TicketView }>> {
    const rows = new Map<number, MessageRow>();
    for (const { whatsappId, message } of batch) {
      const row = message.fromMe ? undefined : known.get(channelId(whatsappId, message.id));
      if (row) rows.set(row.id, row);
    }
    return Promise.all([...rows.values()].map((row) => this.updated(tx, row)));
  }

  /** A reply to a message of the same batch learns its quoted message's id once both are stored. */
  private async linkQuotesWithinBatch(
    tx: TicketsTx,
    inserted: Array<{ event: InboundMessageEvent; row: MessageRow }>,
    rows: Map<string, MessageRow>,
  ) {
    for (const entry of inserted) {
      const { quotedId } = entry.event.message;
      if (!quotedId || entry.row.quotedMsgId !== null) continue;
      const quoted = rows.get(channelId(entry.event.whatsappId, quotedId));
      if (quoted) entry.row = (await this.messages.update(tx, entry.row.companyId, entry.row.id, { quotedMsgId: quoted.id })) ?? entry.row;
    }
  }

  private async call(event: InboundCallEvent): Promise<InboundOutcome> {
    const { companyId, whatsappId, call } = event;
    const wid = `call:${call.id}`;
    const body = callNoticeBody({ isVideo: call.isVideo, status: call.status, time: this.clock(call.timestamp) });
    const settings = call.status === 'offer' ? await this.settings.of(companyId) : undefined;
    const reject = settings?.call === 'disabled';
    const stored = await this.database.withTenant(companyId, async (tx) => {
      const [existing] = await this.messages.findByWids(tx, companyId, [{ whatsappId, wid }]);
      if (existing) {
        if (existing.body === body) return undefined;
        await this.messages.update(tx, companyId, existing.id, { body });
        return { updated: await this.updated(tx, existing) };
      }
      const chat = { id: call.chatId, isGroup: false, name: null };
      const resolved = await this.conversations.resolve(tx, companyId, [{ whatsappId, chat, from: call.from, fromMe: false }]);
      const conversation = resolved.conversations[0];
      const row = await this.messages.insertIfAbsent(tx, {
        companyId,
        ticketId: conversation!.ticket.id,
        contactId: conversation!.contact.id,
        whatsappId,
        wid,
        body,
        fromMe: false,
        mediaType: 'call_log',
      });
      if (!row) return undefined;
      await this.tickets.touch(tx, companyId, row.ticketId, body, true);
      const ticket = await this.views.one(tx, companyId, row.ticketId);
      const created = {
        messages: [await this.messageView(tx, conversation!, row)],
        tickets: new Map([[ticket.id, ticket]]),
        contacts: await this.contactViewsOf(tx, companyId, resolved),
      };
      // the customer whose call is rejected is told so, in the company's language
      const replies = reject
        ? await this.chatbot.queue(tx, [{ companyId, ticketId: ticket.id, texts: [AutomaticMessages.callsDisabled(settings!.language)] }])
        : [];
      return { created, replies };
    });
    return {
      outcome: 'done',
      announce: () => {
        if (stored?.created) this.announceCreated(stored.created);
        if (stored?.updated) this.events.message('update', stored.updated.message, stored.updated.ticket);
        if (reject) this.rejectCall(event);
        if (stored?.replies) this.chatbot.send(stored.replies);
      },
    };
  }

  private async ack(event: InboundAckEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) => this.messages.raiseAck(tx, event.companyId, event.whatsappId, row.wid!, event.ack));
  }

  /**
   * Several acks in one transaction: the messages found at once, each raised (pipelined, in the
   * events' order), the changed ones read and announced once each. An ack whose message is not
   * stored yet is retried later (`retry`), as alone.
   */
  async raiseAcks(events: InboundAckEvent[]): Promise<InboundOutcome> {
    const companyId = events[0]?.companyId;
    if (companyId === undefined) return DONE;
    if (events.some((event) => event.companyId !== companyId)) throw new Error('a batch of acks spans companies');
    const result = await this.database.withTenant(companyId, async (tx) => {
      const known = byChannelId(
        await this.messages.findByWids(
          tx,
          companyId,
          events.map(({ whatsappId, messageId }) => ({ whatsappId, wid: messageId })),
        ),
      );
      const retry = new Set(events.flatMap((event, i) => (known.has(channelId(event.whatsappId, event.messageId)) ? [] : [i])));
      const found = events.filter((_, i) => !retry.has(i));
      // the delivery acks at once, then the failures (-1 marks only a message not delivered): as applied one by one in any order
      const raised = (
        await Promise.all([
          this.messages.raiseAcks(
            tx,
            companyId,
            found.filter(({ ack }) => ack > 0).map(({ whatsappId, messageId, ack }) => ({ whatsappId, wid: messageId, ack })),
          ),
          ...found
            .filter(({ ack }) => ack <= 0)
            .map(({ whatsappId, messageId, ack }) =>
              this.messages.raiseAck(tx, companyId, whatsappId, messageId, ack).then((row) => (row ? [row] : [])),
            ),
        ])
      ).flat();
      const changed = [...new Set(raised.flatMap((row) => (row ? [row.id] : [])))];
      if (changed.length === 0) return { retry, updated: [] };
      const [records, views] = await Promise.all([
        this.messages.records(tx, companyId, changed),
        this.views.many(tx, companyId, [...new Set(raised.flatMap((row) => (row ? [row.ticketId] : [])))]),
      ]);
      const tickets = new Map(views.map((view) => [view.id, view]));
      return {
        retry,
        updated: records.map((record) => ({ message: toMessageView(record), ticket: tickets.get(record.message.ticketId)! })),
      };
    });
    return {
      outcome: 'done',
      retry: result.retry,
      announce: () => {
        for (const { message, ticket } of result.updated) this.events.message('update', message, ticket);
      },
    };
  }

  private async edit(event: InboundEditEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) =>
      row.body === event.body && row.isEdited
        ? Promise.resolve(undefined)
        : this.messages.update(tx, event.companyId, row.id, { body: event.body, isEdited: true }),
    );
  }

  private async revoke(event: InboundRevokeEvent): Promise<InboundOutcome> {
    return this.changeMessage(event, (tx, row) =>
      row.isDeleted ? Promise.resolve(undefined) : this.messages.update(tx, event.companyId, row.id, { isDeleted: true }),
    );
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
      const row = await (await this.messages.findByWids(tx, companyId, [{ whatsappId, wid: messageId }]))[0];
      if (!row) return 'missing' as const;
      const changed = await apply(tx, row);
      return changed ? this.updated(tx, changed) : undefined;
    });
    if (result === 'missing') return { outcome: 'retry' };
    return result ? { outcome: 'done', announce: () => this.events.message('update', result.message, result.ticket) } : DONE;
  }

  /** A new message's view, built from the rows in hand when they say it all. */
  private async messageView(tx: TicketsTx, conversation: Conversation, row: MessageRow, quoted?: MessageRow): Promise<MessageView> {
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
    return toMessageView(record!);
  }

  private async updated(tx: TicketsTx, row: MessageRow): Promise<{ message: MessageView; ticket: TicketView }> {
    const record = await this.messages.record(tx, row.companyId, row.id);
    return { message: toMessageView(record!), ticket: await this.views.one(tx, row.companyId, row.ticketId) };
  }

  /** The created and updated contacts' views, their connections' names read once for both. */
  private async contactViewsOf(
    tx: TicketsTx,
    companyId: number,
    resolved: Pick<ResolvedConversations, 'createdContacts' | 'updatedContacts'>,
  ) {
    const views = await this.contactViews.many(tx, companyId, [...resolved.createdContacts, ...resolved.updatedContacts]);
    return { created: views.slice(0, resolved.createdContacts.length), updated: views.slice(resolved.createdContacts.length) };
  }

  /**
   * The messages go out before their tickets' updates: an appMessage create carries its ticket and
   * contact, and the gateway writes events to a company's sockets in order, so the message (what
   * the agent waits for) is not held behind a ticket update written to every socket first.
   */
  private announceCreated(stored: CreatedMessages): void {
    for (const contact of stored.contacts.created) this.events.contactSaved('create', contact);
    for (const contact of stored.contacts.updated) this.events.contactSaved('update', contact);
    for (const message of stored.messages) this.events.message('create', message, stored.tickets.get(message.ticketId)!);
    for (const ticket of stored.tickets.values()) this.events.ticketUpdated(ticket);
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
