import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError, ErrorCode } from '@atrium/contracts';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../../config.js';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { ConnectionLanes } from '../connection-lanes.js';
import { ConnectionSendOrder, type QueuedText } from '../connection-send-order.js';
import { MessageSender } from '../message-sender.js';
import { QuietClose } from './quiet-close.js';

/** How long a queued send's "tried" mark is kept (a job run again after its worker died sees it). */
const TRIED_TTL_SECONDS = 7 * 86_400;
/** Sends of a text Meta throttles (ERR_WAPP_RATE_LIMITED, each already retried by the connection's pacer) before it is given up. */
const THROTTLED_ATTEMPTS = 10;
/** The wait before the next of those sends: doubling from 1 s, at most 30 s (about 3 minutes in all). */
const throttledDelayMs = (attempt: number): number => Math.min(30_000, 1_000 * 2 ** attempt);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function isThrottled(error: unknown): boolean {
  return error instanceof AppError && error.code === ErrorCode.ERR_WAPP_RATE_LIMITED;
}

/**
 * The external API's stored texts sent at the number's pace: a job (`external-message.send`,
 * BullMQ, one per message) per text, and the text recorded in its connection's send order
 * (`ConnectionSendOrder`, Redis); a job's turn (one after the other per connection in this
 * process, `inLane`) sends the connection's recorded texts smallest message id first, up to its
 * own, so a number's texts leave in the order they were accepted whatever order the worker hands
 * the jobs over in. A text whose send a turn had started (in a worker that died since) is not
 * sent again (sent at most once).
 */
@Injectable()
export class ExternalTextQueue implements OnModuleInit {
  /** Each connection's sends of this process, one after the other. */
  private readonly lanes = new ConnectionLanes();
  /** The order each connection's queued texts leave in. */
  private readonly order: ConnectionSendOrder;

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(QuietClose) private readonly closing: QuietClose,
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(REDIS) redis: Redis,
    @Inject(SERVICE_CONFIG) config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.order = new ConnectionSendOrder(redis, config.REDIS_PREFIX, TRIED_TTL_SECONDS);
  }

  onModuleInit(): void {
    this.jobs.on(JobName.ExternalMessageSend, ({ companyId, whatsappId, ticketId, messageId, closeTicket }) =>
      this.lanes.run(whatsappId, () =>
        this.order.turn(companyId, whatsappId, { messageId, ticketId, closeTicket }, (text) => this.sendQueued(companyId, text)),
      ),
    );
  }

  /** Runs a send in the connection's lane of this process (files go there too, after the texts before them). */
  inLane<T>(whatsappId: number, send: () => Promise<T>): Promise<T> {
    return this.lanes.run(whatsappId, send);
  }

  /** A stored text recorded in its connection's order and its job queued; when the job cannot be queued, the text leaves the conversation (unless a turn already took it). */
  async queue(companyId: number, whatsappId: number, text: QueuedText): Promise<void> {
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

  /**
   * A queued text's send, its turn come (taken once: not sent again even when this fails); then
   * closeTicket. A text Meta throttled (nothing went out: the request was accepted, so it must go)
   * is sent again after a back-off, in the turn, so the connection's later texts stay behind it;
   * one still throttled after THROTTLED_ATTEMPTS leaves the conversation as other refusals do.
   */
  private async sendQueued(companyId: number, { messageId, ticketId, closeTicket }: QueuedText): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (!(await this.sender.deliverStored(companyId, ticketId, messageId))) return;
        break;
      } catch (error) {
        if (isThrottled(error) && attempt + 1 < THROTTLED_ATTEMPTS) {
          this.logger.info({ companyId, messageId, attempt }, 'external API: a queued text throttled by Meta, sent again after a back-off');
          await sleep(throttledDelayMs(attempt));
          continue;
        }
        if (isThrottled(error)) await this.database.withTenant(companyId, (tx) => this.sender.forgetIn(tx, companyId, messageId));
        this.logger.warn({ err: error, companyId, messageId }, 'external API: a queued text was not sent');
        return;
      }
    }
    if (closeTicket) await this.closing.close(companyId, ticketId);
  }
}
