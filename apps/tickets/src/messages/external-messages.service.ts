import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import {
  AppError,
  ErrorCode,
  type Actor,
  type CheckNumberResult,
  type ExternalMessageCommand,
  type ExternalMessageResult,
  type TicketView,
} from '@atrium/contracts';
import { SessionsChannel } from '@atrium/kernel';
import { DATABASE, LOGGER, REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { scopeOf, TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { BotRelease } from '../tickets/bot-release.js';
import { planTransition } from '../tickets/ticket-transition.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { toTicketView } from '../tickets/ticket.view.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { CampaignMessagesRepository } from './campaign-messages.repository.js';
import { ConnectionLanes } from './connection-lanes.js';
import { ConnectionSendOrder, type QueuedText } from './connection-send-order.js';
import { once } from './idempotent-calls.js';
import { MessageSender } from './message-sender.js';
import { OutgoingMessagesService } from './outgoing-messages.service.js';

/** How long an `Idempotency-Key` is remembered (a retry later than this sends again). */
const KEY_TTL_SECONDS = 86_400;
/** A number check waits at most this long for WhatsApp. */
const CHECK_TIMEOUT_MS = 15_000;

/** How long a queued send's "tried" mark is kept (a job run again after its worker died sees it). */
const TRIED_TTL_SECONDS = 7 * 86_400;

/** The actor the external API acts as in a company: the connection's token, no user. */
function apiActor(companyId: number, whatsappId: number): Actor {
  return {
    userId: 0,
    companyId,
    profile: 'admin',
    super: false,
    queueIds: [],
    allTicket: 'enabled',
    sessionId: `external-api-${whatsappId}`,
  };
}

/**
 * The external messaging API's send (spec 001 section 7, issue 15). A number the company has no
 * contact for is checked on WhatsApp through the token's connection (ERR_WAPP_INVALID_CONTACT when
 * it is not there, ERR_WAPP_NOT_INITIALIZED when the connection is not connected) and its contact
 * created by the number WhatsApp answers (a known contact's number is not asked again); the
 * contact's active ticket on that connection is used or a pending one created (it enters the
 * agents' inbox, as Atendechat's API does).
 *
 * A text is answered once it is stored: the message is committed unsent in the conversation (as
 * the composer's `storePending`) and a job (`external-message.send`, BullMQ, one per message) sends
 * it at the number's pace. Before the answer the text is also recorded in its connection's send
 * order (`ConnectionSendOrder`, Redis); a job's turn (one after the other per connection in this
 * process) sends the connection's recorded texts smallest message id first, up to its own, so a
 * number's texts leave in the order they were accepted whatever order the worker hands the jobs
 * over in (within one replica: two replicas' turns for one connection may interleave). A send the
 * connection refuses (a known contact's number that left WhatsApp) takes the message out of the
 * conversation, as the composer's; a text whose send a turn had started (in a worker that died
 * since) is not sent again (it may have gone: sent at most once).
 * Files go through the composer's path in the connection's lane and are answered once sent.
 * `closeTicket` resolves the ticket after the send, quietly (no completion message: the message
 * just sent is the conversation's last word). With an `Idempotency-Key` the call runs once.
 */
@Injectable()
export class ExternalMessagesService implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(CampaignMessagesRepository) private readonly contacts: CampaignMessagesRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotRelease) private readonly botRelease: BotRelease,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(OutgoingMessagesService) private readonly outgoing: OutgoingMessagesService,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.order = new ConnectionSendOrder(redis, config.REDIS_PREFIX, TRIED_TTL_SECONDS);
  }

  /** Each connection's sends of this process, one after the other. */
  private readonly lanes = new ConnectionLanes();
  /** The order each connection's queued texts leave in. */
  private readonly order: ConnectionSendOrder;

  onModuleInit(): void {
    this.jobs.on(JobName.ExternalMessageSend, ({ companyId, whatsappId, ticketId, messageId, closeTicket }) =>
      this.lanes.run(whatsappId, () =>
        this.order.turn(companyId, whatsappId, { messageId, ticketId, closeTicket }, (text) => this.sendQueued(companyId, text)),
      ),
    );
  }

  async send(companyId: number, command: ExternalMessageCommand): Promise<ExternalMessageResult> {
    if (!command.idempotencyKey) return { ...(await this.sendNow(companyId, command)), duplicate: false };
    const markKey = `${this.config.REDIS_PREFIX}external-message:${companyId}:${command.whatsappId}:${command.idempotencyKey}`;
    let ran = false;
    const run = () => {
      ran = true;
      return this.sendNow(companyId, command);
    };
    const { result, duplicate } = await once(this.redis, markKey, command.fingerprint ?? '', KEY_TTL_SECONDS, run).catch(
      async (error: unknown) => {
        if (!ran) await this.outgoing.discardUploads(companyId, command.medias);
        throw error;
      },
    );
    // a repeated request's files are not needed: the first one's were sent
    if (duplicate) await this.outgoing.discardUploads(companyId, command.medias);
    return { ...result, duplicate };
  }

  /** Checks the number, finds or opens the ticket, stores and queues a text or sends files (the uploads are removed when it fails before or during the send). */
  private async sendNow(companyId: number, command: ExternalMessageCommand): Promise<Omit<ExternalMessageResult, 'duplicate'>> {
    const actor = apiActor(companyId, command.whatsappId);
    const text = !command.medias?.length;
    // a text is stored in the transaction that finds its ticket (its view, when read already)
    const store = async (tx: TicketsTx, ticket: TicketView | number): Promise<number | undefined> => {
      if (!text) return undefined;
      const stored =
        typeof ticket === 'number'
          ? await this.outgoing.storeTextIn(tx, actor, { ticketId: ticket, body: command.body })
          : await this.outgoing.storeTextOn(tx, actor, ticket, { ticketId: ticket.id, body: command.body });
      if (!stored) throw new AppError(ErrorCode.ERR_SENDING_WAPP_MSG);
      return stored.pending.id;
    };
    let target: { ticketId: number; contactId: number; messageId?: number };
    try {
      target =
        (await this.ticketFor(companyId, command.whatsappId, command.number, false, store)) ??
        (await this.ticketFor(
          companyId,
          command.whatsappId,
          await this.checked(companyId, command.whatsappId, command.number),
          true,
          store,
        ))!;
    } catch (error) {
      await this.outgoing.discardUploads(companyId, command.medias);
      throw error;
    }
    if (target.messageId !== undefined) {
      await this.queue(companyId, command.whatsappId, {
        messageId: target.messageId,
        ticketId: target.ticketId,
        closeTicket: command.closeTicket === true,
      });
      return { ticketId: target.ticketId, contactId: target.contactId, messageIds: [target.messageId] };
    }
    const sent = await this.lanes.run(command.whatsappId, () =>
      this.outgoing.send(actor, { ticketId: target.ticketId, body: command.body, medias: command.medias }),
    );
    if (command.closeTicket) await this.close(companyId, target.ticketId);
    return { ticketId: target.ticketId, contactId: target.contactId, messageIds: sent.map((message) => message.id) };
  }

  /** A stored text recorded in its connection's order and its job queued; when the job cannot be queued, the text leaves the conversation (unless a turn already took it). */
  private async queue(companyId: number, whatsappId: number, text: QueuedText): Promise<void> {
    const payload = { companyId, whatsappId, ...text };
    try {
      await Promise.all([
        this.order.record(companyId, whatsappId, text),
        this.jobs.add(JobName.ExternalMessageSend, payload, { id: `external-message-${text.messageId}` }),
      ]);
    } catch (error) {
      // a turn that took it meanwhile sends it: the request succeeded
      if (!(await this.order.withdraw(companyId, whatsappId, text.messageId).catch(() => true))) return;
      await this.database.withTenant(companyId, (tx) => this.sender.forgetIn(tx, companyId, text.messageId));
      throw error;
    }
  }

  /** A queued text's send, its turn come (taken once: not sent again even when this fails); then closeTicket. */
  private async sendQueued(companyId: number, { messageId, ticketId, closeTicket }: QueuedText): Promise<void> {
    try {
      if (!(await this.sender.deliverStored(companyId, ticketId, messageId))) return;
    } catch (error) {
      this.logger.warn({ err: error, companyId, messageId }, 'external API: a queued text was not sent');
      return;
    }
    if (closeTicket) await this.close(companyId, ticketId);
  }

  /**
   * The contact with that number and its active ticket on the connection, or a new pending one.
   * A number the company has a contact for was checked when the contact was made (or wrote to the
   * company): it is not asked again, and undefined comes back when there is none unless `create`
   * (the number WhatsApp confirmed: the contact is made, named by its number). `store` runs in
   * the same transaction with the ticket found (a text stored unsent: one transaction a text).
   * The common case, a known contact with an active ticket, reads the ticket's view with the
   * contact in one query.
   */
  private async ticketFor(
    companyId: number,
    whatsappId: number,
    number: string,
    create: boolean,
    store: (tx: TicketsTx, ticket: TicketView | number) => Promise<number | undefined>,
  ): Promise<{ ticketId: number; contactId: number; messageId?: number } | undefined> {
    const found = await this.database.withTenant(companyId, async (tx) => {
      const active = create ? undefined : await this.tickets.activeRecordOfNumber(tx, companyId, number, whatsappId);
      if (active) {
        const view = toTicketView(active);
        return { ticketId: view.id, contactId: view.contactId, created: undefined, messageId: await store(tx, view) };
      }
      // a known contact and its active ticket in one query; a confirmed number's contact made first
      const known = create
        ? await this.activeOfCreated(tx, companyId, number, whatsappId)
        : await this.tickets.activeOfNumber(tx, companyId, number, whatsappId);
      if (!known) return undefined;
      const { contactId, ticketId: activeId } = known;
      if (activeId !== null) return { ticketId: activeId, contactId, created: undefined, messageId: await store(tx, activeId) };
      const ticket =
        (await this.tickets.insertIfNoActive(tx, { companyId, contactId, whatsappId, status: 'pending', isGroup: false })) ??
        (await this.tickets.findActive(tx, companyId, contactId, whatsappId));
      if (!ticket) throw new AppError(ErrorCode.ERR_CREATING_TICKET);
      const created = await this.views.one(tx, companyId, ticket.id);
      return { ticketId: ticket.id, contactId, created, messageId: await store(tx, created) };
    });
    if (!found) return undefined;
    if (found.created) this.events.ticketUpdated(found.created);
    return { ticketId: found.ticketId, contactId: found.contactId, messageId: found.messageId };
  }

  /** The contact of a number WhatsApp confirmed (made when missing) and its active ticket on the connection. */
  private async activeOfCreated(
    tx: TicketsTx,
    companyId: number,
    number: string,
    whatsappId: number,
  ): Promise<{ contactId: number; ticketId: number | null }> {
    const contact = await this.contacts.contactFor(tx, companyId, number, number, undefined);
    return { contactId: contact.id, ticketId: (await this.tickets.findActive(tx, companyId, contact.id, whatsappId))?.id ?? null };
  }

  /** The number as WhatsApp knows it, asked through the token's connection. */
  private async checked(companyId: number, whatsappId: number, number: string): Promise<string> {
    let result: CheckNumberResult;
    try {
      result = await this.channel.command(companyId, whatsappId, { type: 'checkNumber', number }, CHECK_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ERR_NO_WAPP_FOUND) throw new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED);
      throw error;
    }
    if (!result.exists) throw new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    return result.chatId && /^\d{8,50}$/.test(result.chatId) ? result.chatId : number;
  }

  /** `closeTicket`: the ticket resolved as an agent's 'Finalizar' would, without the completion message. */
  private async close(companyId: number, ticketId: number): Promise<void> {
    const change = await this.database.withTenant(companyId, async (tx) => {
      const current = await this.tickets.lockById(tx, companyId, ticketId);
      if (!current || current.status === 'closed') return undefined;
      const { next } = planTransition(current, { status: 'closed' }, 0);
      await this.tickets.update(tx, companyId, ticketId, { ...next, chatbot: false, awaitingReplySince: null });
      await this.botRelease.release(tx, companyId, ticketId, 'closed');
      return { before: scopeOf(current), after: await this.views.one(tx, companyId, ticketId) };
    });
    if (change) this.events.ticketUpdated(change.after, change.before);
  }
}
