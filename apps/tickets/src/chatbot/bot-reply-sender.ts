import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { AppError, ErrorCode, type TicketView } from '@atrium/contracts';
import { LeasedWork, RowLeases, type LeasedRow, type SystemDatabase } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { derivedMessageId } from '../messages/derived-message-id.js';
import { MessageSender, type OutgoingMessage, type PendingMessage } from '../messages/message-sender.js';
import { CompanyBatches } from '../shared/company-batches.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { menuOf } from './chatbot-flow.js';
import { BotReplyOutbox, type BotReply, type DueReplies, type DueText } from './bot-replies.js';

/** A text stored unsent, to send once its transaction committed. */
interface StoredText {
  view: TicketView;
  pending: PendingMessage;
}

/**
 * The tickets whose replies the transaction queued (`bot_replies`) and this replica sends once it
 * committed; `stored`: the first text, already stored unsent by that transaction (storeFirstTexts).
 */
export type BotReplies = Array<DueReplies & { stored?: StoredText }>;

/** The message a due text is sent as: its id derived from the text's key, so sending it again is the same message. */
function botOutgoing(companyId: number, text: DueText): OutgoingMessage {
  // a menu goes as one: interactive buttons or list where the connection has them (Cloud API), its text elsewhere
  const menu = menuOf(text.text);
  return {
    body: text.text,
    newMessageId: derivedMessageId('bot', companyId, text.key),
    ...(menu ? { menu: { ...menu, buttonText: MENU_BUTTON_TEXT } } : {}),
  };
}

/** The label of the button that opens a menu sent as a list (at most 20 characters at Meta). */
const MENU_BUTTON_TEXT = 'Ver opções';

/** Why a due text cannot be stored on its ticket now: no ticket, a ticket it cannot be sent to, or a closed one (unless the text is for closed ones). */
function unstorable(view: TicketView | undefined, text: DueText): { closed: true } | { error: AppError } | undefined {
  const error = view ? MessageSender.unsendable(view) : new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
  if (error) return { error };
  return view!.status === 'closed' && !text.toClosed ? { closed: true } : undefined;
}

/** Lapsed rows of `bot_replies` one process takes over at once (the next claims take the rest). */
const LAPSED_IN_HAND = 200;

/** A due text stored unsent (to send now), or why not: its ticket closed meanwhile, or it cannot be sent. */
type StoredReply = StoredText | { closed: true } | { error: AppError };

/**
 * Sends the chatbot's queued replies (`bot_replies`, BotReplyOutbox) after the commit that queued
 * them, in order per ticket, as the platform's own messages: the transaction that queues a row
 * leases it to this process (`owner`), which sends it at once. A replica killed before it sent
 * them leaves them queued, and another (or itself, restarted) takes the row over once its lease
 * lapses: the shared leased-work helper of libs/jobs (RowLeases + LeasedWork, ADR 020) claims
 * lapsed rows, heartbeats them while their texts go and releases them on stop.
 */
@Injectable()
export class BotReplySender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Per ticket, the replies being sent: the next ones wait for them (this replica's order). */
  private readonly sending = new Map<number, Promise<void>>();
  /** Rows whose lease lapsed (their sender died), claimed and sent by this process. */
  private readonly lapsed: LeasedWork;
  /** The due texts of a company's tickets stored unsent together: their tickets read and the texts stored in one transaction per batch. */
  private readonly pendingReplies = new CompanyBatches<{ ticketId: number; text: DueText }, StoredReply>((companyId, items) =>
    this.storeReplies(companyId, items),
  );
  /** A sent text recorded as sent in the transaction that records its send (MessageSender's batch of the company's sends); each ticket's next text. */
  private readonly advanceStep = (tx: TicketsTx, companyId: number, ticketIds: number[]) =>
    this.outbox.advanceMany(tx, companyId, ticketIds);

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(BotReplyOutbox) private readonly outbox: BotReplyOutbox,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(SERVICE_CONFIG) config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const system: SystemDatabase = { asSystem: (work) => database.asSystem((tx) => work(tx)) };
    const leases = new RowLeases(system, {
      schema: 'tickets',
      table: 'bot_replies',
      id: 'ticket_id',
      // one row per ticket: the row is the ticket's order
      key: [],
      order: ['seq'],
      pending: sql`true`,
      dueSince: sql`coalesce(leased_until, now())`,
      columns: ['company_id'],
    });
    this.lapsed = new LeasedWork({
      name: 'chatbot replies',
      leases,
      handle: (row) => this.takeOver(row),
      leaseMs: config.BOT_REPLY_LEASE_MS,
      pollMs: config.BOT_REPLY_SWEEP_MS,
      concurrency: LAPSED_IN_HAND,
      retryAfterMs: config.BOT_REPLY_SWEEP_MS,
      logger,
    });
  }

  onApplicationBootstrap(): void {
    this.lapsed.start();
  }

  /** A replica that stops finishes the replies it is sending while its database connection is still open (a killed one leaves them to the lease). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.lapsed.stop();
    while (this.sending.size > 0) await Promise.allSettled([...this.sending.values()]);
  }

  /** Sends the replies of a row whose sender died (its lease lapsed), after what this process is sending the ticket already. */
  private async takeOver(row: LeasedRow): Promise<void> {
    const ticketId = row.id;
    this.logger.info({ ticketId }, 'sending chatbot replies a dead sender left');
    this.send([{ companyId: Number(row.values['company_id']), ticketId }]);
    await this.sending.get(ticketId);
  }

  /** Queues replies in the caller's transaction, leased to this process; `send` the answer after the commit. */
  queue(tx: TicketsTx, replies: BotReply[]): Promise<BotReplies> {
    return this.outbox.queue(tx, replies, this.lapsed.owner);
  }

  /**
   * Stores the first text of the replies just queued unsent, in the transaction that queued them
   * (the inbound one), for the tickets whose views it read and that can take it: their send then
   * needs no transaction of its own first. The others are stored when their turn to be sent comes,
   * as texts queued elsewhere. A crash after the commit leaves the row and the message: the sender
   * that takes the row over finds that message by its id (MessageSender.storePendingMany).
   */
  async storeFirstTexts(tx: TicketsTx, companyId: number, replies: BotReplies, views: Map<number, TicketView>): Promise<BotReplies> {
    const sendable = replies.flatMap(({ ticketId, first }, index) => {
      const view = views.get(ticketId);
      if (!first || unstorable(view, first)) return [];
      return [{ index, ticket: view!, outgoing: botOutgoing(companyId, first) }];
    });
    if (sendable.length === 0) return replies;
    const pending = await this.sender.storePendingMany(tx, sendable);
    const stored: BotReplies = [...replies];
    for (const [k, { index, ticket }] of sendable.entries())
      stored[index] = { ...replies[index]!, stored: { view: ticket, pending: pending[k]! } };
    return stored;
  }

  /** Sends the queued replies of these tickets as the platform's own messages, in order per ticket (best effort: a failed send is logged and the ticket's remaining replies dropped). */
  send(replies: BotReplies): void {
    for (const due of replies) {
      const { ticketId } = due;
      const previous = this.sending.get(ticketId) ?? Promise.resolve();
      const next = previous.then(() => this.sendAll(due));
      this.sending.set(ticketId, next);
      void next.finally(() => {
        if (this.sending.get(ticketId) === next) this.sending.delete(ticketId);
      });
    }
  }

  /**
   * Sends the ticket's queued texts one by one, each recorded as sent before the next; texts
   * appended meanwhile follow. Each step is batched with the company's other tickets' (their
   * texts stored unsent in one transaction, sent side by side, recorded as sent in one: the
   * transaction that records the sends moves their `bot_replies` rows on too).
   */
  private async sendAll({ companyId, ticketId, first, stored: firstStored }: BotReplies[number]): Promise<void> {
    try {
      let due: DueText | undefined = first ?? (await this.outbox.first(companyId, ticketId));
      let storedBefore = firstStored;
      while (due) {
        const stored = storedBefore ?? (await this.pendingReplies.add(companyId, { ticketId, text: due }));
        storedBefore = undefined;
        if ('error' in stored) throw stored.error;
        if ('closed' in stored) return await this.outbox.drop(companyId, ticketId);
        due = (await this.sender.deliverRecording(stored.view, stored.pending, { run: this.advanceStep, item: ticketId })).stepResult;
      }
    } catch (error) {
      this.logger.warn({ err: error, companyId, ticketId }, 'chatbot reply not sent');
      await this.outbox.drop(companyId, ticketId).catch(() => undefined);
    }
  }

  /** The tickets read and their due texts stored unsent, in one transaction (a closed ticket takes none, unless the text is for closed ones). */
  private storeReplies(companyId: number, items: Array<{ ticketId: number; text: DueText }>): Promise<StoredReply[]> {
    return this.database.withTenant(companyId, async (tx) => {
      const views = new Map(
        (await this.views.many(tx, companyId, [...new Set(items.map((item) => item.ticketId))])).map((view) => [view.id, view]),
      );
      const results: StoredReply[] = [];
      const sendable: Array<{ index: number; ticket: TicketView; outgoing: OutgoingMessage }> = [];
      for (const [index, { ticketId, text }] of items.entries()) {
        const view = views.get(ticketId);
        const refused = unstorable(view, text);
        if (refused) results.push(refused);
        else {
          results.push({ closed: true }); // replaced below once stored
          sendable.push({ index, ticket: view!, outgoing: botOutgoing(companyId, text) });
        }
      }
      const pending = await this.sender.storePendingMany(tx, sendable);
      for (const [k, { index, ticket }] of sendable.entries()) results[index] = { view: ticket, pending: pending[k]! };
      return results;
    });
  }
}
