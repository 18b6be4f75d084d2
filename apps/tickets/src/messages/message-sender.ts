import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  storableText,
  type MessageView,
  type OutboundTemplate,
  type SentMessageResult,
  type TicketView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { SessionsChannel, type OutboundCommand } from '@atrium/kernel';
import { windowOpen } from '../customer-window/customer-window.js';
import { CustomerWindowsRepository } from '../customer-window/customer-windows.repository.js';
import { chatIdOf } from '../directory/chat-id.js';
import { CompanyBatches } from '../shared/company-batches.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { lastMessageText, mediaTypeOf } from './media-type.js';
import { toMessageView } from './message.view.js';
import { MessagesRepository, type MessageRow } from './messages.repository.js';

/**
 * One message to send: text, a stored file with an optional caption, or an approved template
 * (`body` its text as the customer reads it); the stored message it answers.
 */
export interface OutgoingMessage {
  body: string;
  /** Meta's template object, filled (`cloud` connections): the one kind of message that goes outside the customer-service window. */
  template?: OutboundTemplate;
  /** A chatbot menu (`body` its text): interactive buttons or a list where the connection has them, the text elsewhere. */
  menu?: { body: string; buttonText?: string; options: Array<{ id: string; title: string }> };
  media?: { path: string; mimetype: string; filename: string };
  quoted?: Pick<MessageRow, 'id' | 'wid'>;
  /** Its WhatsApp id, chosen here: sending it again is the same message (see OutboundCommandDto.newMessageId). */
  newMessageId?: string;
  /** The connection starts it at least this many ms after its previous send (a campaign's pace). */
  minGapMs?: number;
}

/** A message stored unsent: what `deliver` sends once the store has committed. */
export interface PendingMessage {
  id: number;
  whatsappId: number;
  command: OutboundCommand<'sendMedia' | 'sendText' | 'sendTemplate' | 'sendMenu'>;
  lastMessage: string;
}

/**
 * Work a caller adds to the transaction that records its sent message (the chatbot's outbox moving
 * on, so that the send's record and its consequence commit together): `run` is called once per
 * batch of records with the items of the batch's sends that carry it, and answers one result per item.
 */
export interface RecordStep<Item, Result> {
  run: (tx: TicketsTx, companyId: number, items: Item[]) => Promise<Result[]>;
  item: Item;
}

/** A sent message waiting for its channel id and ack to be recorded. */
interface SentRecord {
  ticketId: number;
  pending: PendingMessage;
  sent: SentMessageResult;
  step?: RecordStep<unknown, unknown>;
}

/** What recording a sent message gives back: its view, its ticket's, and its step's result. */
interface Recorded {
  message: MessageView;
  view: TicketView;
  stepResult?: unknown;
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
  /**
   * Records sent messages' channel ids and acks. The company's sends whose answers arrive while
   * its previous ones are being recorded are recorded together, in one transaction of a few
   * statements whatever their number (as the inbound messages are): the chatbot answers hundreds
   * of customers a second through here.
   */
  private readonly records = new CompanyBatches<SentRecord, Recorded>((companyId, batch) =>
    this.database.withTenant(companyId, (tx) => this.recordBatch(tx, companyId, batch)),
  );

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(CustomerWindowsRepository) private readonly windows: CustomerWindowsRepository,
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
    const [pending] = await this.storePendingMany(tx, [{ ticket, outgoing }]);
    return pending!;
  }

  /** Why nothing can be sent on this ticket (no connection, or a contact without a chat id), or undefined when it can. */
  static unsendable(ticket: Pick<TicketView, 'whatsappId' | 'contact'>): AppError | undefined {
    if (ticket.whatsappId === null) return new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
    if (chatIdOf(ticket.contact) === null) return new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    return undefined;
  }

  /** `storePending` for several messages (of one company) in one statement; answers them in order. */
  async storePendingMany(tx: TicketsTx, sends: Array<{ ticket: TicketView; outgoing: OutgoingMessage }>): Promise<PendingMessage[]> {
    const prepared = sends.map(({ ticket, outgoing }) => {
      const unsendable = MessageSender.unsendable(ticket);
      if (unsendable) throw unsendable;
      const whatsappId = ticket.whatsappId!;
      const to = chatIdOf(ticket.contact)!;
      const body = storableText(outgoing.body);
      const mediaType = outgoing.media ? mediaTypeOf(outgoing.media.mimetype) : 'chat';
      const mediaName = outgoing.media ? storableText(outgoing.media.filename) : null;
      return { ticket, outgoing, whatsappId, to, body, mediaType, mediaName };
    });
    const companyId = prepared[0]?.ticket.companyId;
    if (companyId !== undefined) await this.refuseOutsideWindow(tx, companyId, prepared);
    const inserted = await this.messages.insertManyIfAbsent(
      tx,
      prepared.map(({ ticket, outgoing, whatsappId, body, mediaType, mediaName }) => ({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId,
        wid: null,
        sendId: outgoing.newMessageId ?? null,
        body,
        fromMe: true,
        read: true,
        mediaType,
        mediaPath: outgoing.media?.path ?? null,
        mediaName,
        quotedMsgId: outgoing.quoted?.id ?? null,
        ack: 0,
      })),
    );
    // a message without a chosen id conflicts with nothing: a row for each, returned in the order
    // inserted; one with a chosen id stored by an earlier try of the same send keeps that row
    const unnamed = inserted.filter((row) => row.sendId === null);
    const named = new Map(inserted.filter((row) => row.sendId !== null).map((row) => [`${row.whatsappId}:${row.sendId}`, row]));
    const missing = prepared.filter(
      ({ outgoing, whatsappId }) => outgoing.newMessageId && !named.has(`${whatsappId}:${outgoing.newMessageId}`),
    );
    if (missing.length > 0) {
      const earlier = await this.messages.findBySendIds(
        tx,
        companyId!,
        missing.map(({ outgoing, whatsappId }) => ({ whatsappId, sendId: outgoing.newMessageId! })),
      );
      for (const row of earlier) named.set(`${row.whatsappId}:${row.sendId}`, row);
      if (earlier.length > 0)
        this.logger.info({ companyId, messages: earlier.length }, 'sends tried again found the messages their earlier tries stored');
    }
    let next = 0;
    const rows = prepared.map(({ outgoing, whatsappId }) =>
      outgoing.newMessageId ? named.get(`${whatsappId}:${outgoing.newMessageId}`) : unnamed[next++],
    );
    return prepared.map(({ outgoing, whatsappId, to, body, mediaType, mediaName }, i) => {
      const command: OutboundCommand<'sendMedia' | 'sendText' | 'sendTemplate' | 'sendMenu'> = outgoing.template
        ? { type: 'sendTemplate', to, template: outgoing.template }
        : outgoing.menu && !outgoing.media
          ? { type: 'sendMenu', to, menu: { ...outgoing.menu, text: body } }
          : outgoing.media
            ? {
                type: 'sendMedia',
                to,
                media: { ...outgoing.media, filename: mediaName!, voiceNote: mediaType === 'audio' },
                body: body || undefined,
              }
            : { type: 'sendText', to, body };
      if (outgoing.quoted?.wid) command.quotedId = outgoing.quoted.wid;
      if (outgoing.newMessageId) command.newMessageId = outgoing.newMessageId;
      if (outgoing.minGapMs !== undefined) command.minGapMs = outgoing.minGapMs;
      return { id: rows[i]!.id, whatsappId, command, lastMessage: lastMessageText(mediaType, body, mediaName) };
    });
  }

  /**
   * Meta's customer-service window (issue 26): on a `cloud` connection, anything but a template to
   * a customer whose last message is more than 24 h old is refused here (ERR_WAPP_WINDOW_CLOSED),
   * before it is stored, instead of failing at Meta (131047).
   */
  private async refuseOutsideWindow(
    tx: TicketsTx,
    companyId: number,
    sends: Array<{ ticket: TicketView; outgoing: OutgoingMessage; whatsappId: number }>,
  ): Promise<void> {
    const free = sends.filter(({ outgoing }) => !outgoing.template);
    if (free.length === 0) return;
    const states = await this.windows.states(
      tx,
      companyId,
      free.map(({ ticket, whatsappId }) => ({ whatsappId, contactId: ticket.contactId })),
    );
    const now = new Date();
    if (states.some((state) => state.provider === 'cloud' && !windowOpen(state.lastCustomerMessageAt, now)))
      throw new AppError(ErrorCode.ERR_WAPP_WINDOW_CLOSED);
  }

  /**
   * A text stored unsent earlier (`storePending`, committed) sent now, when a queue's turn came
   * (the external API's, issue 15): undefined when it is gone (refused and forgotten) or already
   * has its channel id (sent). When Meta's rate limits outlasted the connection's retries
   * (ERR_WAPP_RATE_LIMITED: nothing went out) the text stays stored unsent, for the queue to send again.
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
    const pending: PendingMessage = {
      id: row.id,
      whatsappId: row.whatsappId!,
      command: { type: 'sendText', to, body },
      lastMessage: lastMessageText('chat', body, null),
    };
    return (await this.sendAndRecord(ticket, pending, undefined, { keepWhenThrottled: true })).message;
  }

  /** The second half: the stored message sent through the connection, then its channel id and ack recorded and announced. */
  async deliver(ticket: Pick<TicketView, 'companyId' | 'id'>, pending: PendingMessage): Promise<MessageView> {
    return (await this.sendAndRecord(ticket, pending)).message;
  }

  /** `deliver`, with `step` run in the transaction that records the send; answers the step's result too. */
  async deliverRecording<Item, Result>(
    ticket: Pick<TicketView, 'companyId' | 'id'>,
    pending: PendingMessage,
    step: RecordStep<Item, Result>,
  ): Promise<{ message: MessageView; stepResult: Result }> {
    const { message, stepResult } = await this.sendAndRecord(ticket, pending, step as unknown as RecordStep<unknown, unknown>);
    return { message, stepResult: stepResult as Result };
  }

  private async sendAndRecord(
    ticket: Pick<TicketView, 'companyId' | 'id'>,
    pending: PendingMessage,
    step?: RecordStep<unknown, unknown>,
    options: { keepWhenThrottled?: boolean } = {},
  ): Promise<Recorded> {
    const companyId = ticket.companyId;
    const { whatsappId } = pending;
    let sent: SentMessageResult;
    try {
      sent = await this.channel.command(companyId, whatsappId, pending.command);
    } catch (error) {
      // kept: a send whose answer never came (it may have gone), and, when asked, one Meta throttled (it did not)
      const kept =
        error instanceof AppError &&
        (error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE ||
          (options.keepWhenThrottled === true && error.code === ErrorCode.ERR_WAPP_RATE_LIMITED));
      if (!kept) await this.forget(companyId, pending.id);
      throw error;
    }

    let recorded: Recorded;
    try {
      recorded = await this.records.add(companyId, { ticketId: ticket.id, pending, sent, step });
    } catch (error) {
      // the message went out: answered as a send whose answer never came, so that an idempotent
      // caller (a campaign's shipping, an Idempotency-Key) keeps its mark and never sends it again
      this.logger.error({ companyId, messageId: pending.id, wid: sent.id, err: error }, 'message sent but not recorded');
      throw new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE, { data: { reason: 'sent, not recorded' } });
    }
    const { message, view } = recorded;
    this.events.message('create', message, view);
    this.events.ticketUpdated(view);
    return recorded;
  }

  private async recordBatch(tx: TicketsTx, companyId: number, batch: SentRecord[]): Promise<Recorded[]> {
    // the connection may have reported a sent message back (fromMe) before this: one row stays
    // (a retried send's own row, recorded by the earlier try, is no echo)
    const echoed = new Map(
      (
        await this.messages.findByWids(
          tx,
          companyId,
          batch.map(({ pending, sent }) => ({ whatsappId: pending.whatsappId, wid: sent.id })),
        )
      ).map((row) => [`${row.whatsappId}:${row.wid}`, row.id] as const),
    );
    const isEchoed = ({ pending, sent }: SentRecord) => {
      const id = echoed.get(`${pending.whatsappId}:${sent.id}`);
      return id !== undefined && id !== pending.id;
    };
    const lastByTicket = new Map(batch.map(({ ticketId, pending }) => [ticketId, pending.lastMessage] as const));
    await Promise.all([
      ...batch.filter(isEchoed).map(({ pending }) => this.messages.delete(tx, companyId, pending.id)),
      this.messages.recordSent(
        tx,
        companyId,
        batch.filter((entry) => !isEchoed(entry)).map(({ pending, sent }) => ({ id: pending.id, wid: sent.id, ack: sent.ack })),
      ),
      this.tickets.touchMany(
        tx,
        companyId,
        [...lastByTicket].map(([id, lastMessage]) => ({ id, lastMessage, unread: 0, ours: true })),
      ),
    ]);
    const [records, views, stepResults] = await Promise.all([
      this.messages.recordsByWid(
        tx,
        companyId,
        batch.map(({ pending, sent }) => ({ whatsappId: pending.whatsappId, wid: sent.id })),
      ),
      this.views.many(tx, companyId, [...lastByTicket.keys()]),
      this.runSteps(tx, companyId, batch),
    ]);
    const recordOf = new Map(records.map((record) => [`${record.message.whatsappId}:${record.message.wid}`, record]));
    const viewOf = new Map(views.map((view) => [view.id, view]));
    return batch.map(({ ticketId, pending, sent }, i) => ({
      message: toMessageView(recordOf.get(`${pending.whatsappId}:${sent.id}`)!),
      view: viewOf.get(ticketId)!,
      stepResult: stepResults[i],
    }));
  }

  /** Each kind of step of the batch run once with its items (after the records' own statements, so their locks come first); the results in the batch's order. */
  private async runSteps(tx: TicketsTx, companyId: number, batch: SentRecord[]): Promise<unknown[]> {
    const results: unknown[] = Array.from({ length: batch.length });
    const byRun = new Map<RecordStep<unknown, unknown>['run'], number[]>();
    for (const [i, { step }] of batch.entries()) if (step) byRun.set(step.run, [...(byRun.get(step.run) ?? []), i]);
    await Promise.all(
      [...byRun].map(async ([run, indexes]) => {
        const answers = await run(
          tx,
          companyId,
          indexes.map((i) => batch[i]!.step!.item),
        );
        for (const [k, i] of indexes.entries()) results[i] = answers[k];
      }),
    );
    return results;
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
