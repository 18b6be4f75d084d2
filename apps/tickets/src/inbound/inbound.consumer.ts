import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  INBOUND_STREAM,
  inboundStreamName,
  storableText,
  type InboundAckEvent,
  type InboundEvent,
  type InboundMessageEvent,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { ensureStream, type PrefixedNatsClient } from '@atrium/messaging';
import { DATABASE, LOGGER, NATS_PROXY, SERVICE_CONFIG } from '@atrium/service-kit';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { FailedInboundEventsRepository } from './failed-inbound-events.repository.js';
import { parseInboundEvent } from './inbound-event.js';
import { InboundHandler, type InboundOutcome } from './inbound-handler.js';

/** An ack, edit or revoke for a message not stored yet is retried this often, this many times. */
const RETRY_DELAY_MS = 1_000;
const MAX_RETRIES = 10;

/** Redelivery delay after a failure (database down, ...): grows with the attempts, up to 30 s. */
function failureDelay(deliveryCount: number): number {
  return Math.min(30_000, 500 * 2 ** Math.min(deliveryCount, 6));
}

/** What an admin reads of a failure: the database's own message rather than the query around it, storable and bounded. */
function reasonOf(error: unknown): string {
  let cause = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  const text = cause instanceof Error ? cause.message : String(cause);
  return storableText(text).slice(0, 1000) || 'unknown error';
}

interface Delivery {
  message: JsMsg;
  event: InboundEvent;
}

/** A company's events taken for one transaction, in stream order. */
interface CompanyBatch {
  companyId: number;
  batch: Delivery[];
}

/**
 * The tickets service's durable consumer of the sessions' INBOUND JetStream stream
 * (libs/contracts sessions/inbound.ts). Every replica pulls from the one durable consumer, so
 * each event goes to one replica. Within a replica, a company's events are handled one batch at
 * a time, in stream order (so a chat's order holds), in up to INBOUND_CONCURRENCY lanes at once.
 * Events that arrive while a company's batch is being stored wait and form its next batch: at a
 * low rate a batch is one event (nothing waits for a timer), under load one transaction stores
 * up to INBOUND_BATCH_SIZE messages. A lane takes the batches of several waiting companies at
 * once (up to INBOUND_COMPANIES_PER_TRANSACTION, INBOUND_BATCH_SIZE events in all) and stores
 * their messages in one transaction of their group (`Database.withTenantGroup`): with many small
 * companies a company's wait is then a few transactions, not one transaction per company ahead
 * of it in the line (bench/HISTORY.md, inbound.mjs). An event is acknowledged only after its transaction
 * committed, and announced to sockets after that; failures are redelivered (JetStream), and a
 * redelivered event changes nothing twice (InboundHandler). An event that still fails at its
 * INBOUND_MAX_DELIVERIES-th attempt is a dead letter: kept in `failed_inbound_events` with the
 * reason (admins see it: GET /inbound-failures) and terminated, so it is not redelivered forever.
 */
@Injectable()
export class InboundConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  /** Each company's events waiting for its lane, in stream order. */
  private readonly waiting = new Map<number, Delivery[]>();
  /** Companies whose batch a lane is storing now. */
  private readonly busy = new Set<number>();
  /** Companies with waiting events and no lane yet, in the order they are served. */
  private readonly ready: number[] = [];
  private readonly lanes = new Set<Promise<void>>();
  /** Lanes running (counted as they start and end; `lanes` drops a finished one a tick later). */
  private running = 0;
  private inHand = 0;
  private roomFreed?: () => void;
  private readonly streamName: string;
  private readonly subjects: string;

  constructor(
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(InboundHandler) private readonly handler: InboundHandler,
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(FailedInboundEventsRepository) private readonly failures: FailedInboundEventsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.streamName = inboundStreamName(config.NATS_SUBJECT_PREFIX);
    this.subjects = `${config.NATS_SUBJECT_PREFIX}${INBOUND_STREAM.subjectRoot}.>`;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.INBOUND_ENABLED) return;
    const connection = this.nats.unwrap<NatsConnection>();
    // the stream is the sessions service's; created here too when tickets starts first
    await ensureStream(connection, INBOUND_STREAM, this.config.NATS_SUBJECT_PREFIX);
    const manager = await jetstreamManager(connection);
    await this.ensureConsumer(manager);
    const consumer = await jetstream(connection).consumers.get(this.streamName, this.config.INBOUND_CONSUMER);
    this.messages = await consumer.consume({ max_messages: Math.min(this.config.INBOUND_MAX_IN_HAND, this.config.INBOUND_BATCH_SIZE * 2) });
    this.loop = this.run(this.messages).catch((error: unknown) => this.logger.error({ err: error }, 'inbound consumer stopped'));
    this.logger.info({ stream: this.streamName, consumer: this.config.INBOUND_CONSUMER }, 'consuming inbound events');
  }

  /** Stops pulling, then lets the events in hand finish (and be acknowledged) before connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    while (this.lanes.size > 0) await Promise.allSettled([...this.lanes]);
  }

  private async ensureConsumer(manager: JetStreamManager): Promise<void> {
    const config = {
      durable_name: this.config.INBOUND_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.subjects,
      ack_wait: nanos(this.config.INBOUND_ACK_WAIT_SECONDS * 1000),
      max_ack_pending: 10_000,
    };
    try {
      await manager.consumers.info(this.streamName, this.config.INBOUND_CONSUMER);
      await manager.consumers.update(this.streamName, this.config.INBOUND_CONSUMER, {
        ack_wait: config.ack_wait,
        max_ack_pending: config.max_ack_pending,
      });
    } catch (error) {
      if (!/not found/i.test(String((error as Error).message))) throw error;
      await manager.consumers.add(this.streamName, config).catch((failure: unknown) => {
        // another replica created it meanwhile
        if (!/already|exists/i.test(String((failure as Error).message))) throw failure;
      });
    }
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      while (this.inHand >= this.config.INBOUND_MAX_IN_HAND) await new Promise<void>((resolve) => (this.roomFreed = resolve));
      this.accept(message);
    }
  }

  private accept(message: JsMsg): void {
    const event = parseInboundEvent(message.subject, message.string());
    if (!event) {
      this.logger.warn({ subject: message.subject, seq: message.seq }, 'dropped a malformed inbound event');
      message.term(); // no reason: servers before 2.10 ignore a '+TERM <reason>'
      return;
    }
    this.inHand += 1;
    const { companyId } = event;
    const queue = this.waiting.get(companyId);
    if (queue) {
      queue.push({ message, event });
      return;
    }
    this.waiting.set(companyId, [{ message, event }]);
    if (!this.busy.has(companyId)) this.ready.push(companyId);
    this.startLanes();
  }

  private startLanes(): void {
    while (this.ready.length > 0 && this.running < this.config.INBOUND_CONCURRENCY) {
      this.running += 1;
      const lane = this.lane(this.takeGroup());
      this.lanes.add(lane);
      void lane.finally(() => this.lanes.delete(lane));
    }
  }

  /**
   * The next companies in line and their waiting events: up to INBOUND_COMPANIES_PER_TRANSACTION
   * companies and INBOUND_BATCH_SIZE events in all (one busy company's batch fills it alone).
   */
  private takeGroup(): CompanyBatch[] {
    const group: CompanyBatch[] = [];
    let events = 0;
    while (
      this.ready.length > 0 &&
      group.length < this.config.INBOUND_COMPANIES_PER_TRANSACTION &&
      events < this.config.INBOUND_BATCH_SIZE
    ) {
      const companyId = this.ready.shift()!;
      const queue = this.waiting.get(companyId)!;
      const batch = queue.splice(0, this.config.INBOUND_BATCH_SIZE - events);
      if (queue.length === 0) this.waiting.delete(companyId);
      this.busy.add(companyId);
      group.push({ companyId, batch });
      events += batch.length;
    }
    return group;
  }

  /**
   * Stores groups of waiting companies' events until none wait. After each group, its companies
   * with more events go to the back of the line: a busy company does not keep a lane for as long
   * as its customers write while others wait.
   */
  private async lane(first: CompanyBatch[]): Promise<void> {
    try {
      for (let group = first; group.length > 0; group = this.takeGroup()) {
        await this.storeGroup(group);
        for (const { companyId, batch } of group) {
          this.inHand -= batch.length;
          this.busy.delete(companyId);
          if (this.waiting.has(companyId)) this.ready.push(companyId);
        }
        this.roomFreed?.();
        this.roomFreed = undefined;
      }
    } finally {
      this.running -= 1;
    }
  }

  /**
   * Several companies' batches of messages go in one transaction (`storeTogether`); a batch with
   * other events (acks, edits, revokes, calls), or alone in its group, is stored as before (`store`).
   */
  private async storeGroup(group: CompanyBatch[]): Promise<void> {
    const messagesOnly = group.filter(({ batch }) => batch.every(({ event }) => event.type === 'message'));
    const together = messagesOnly.length > 1 ? messagesOnly : [];
    if (together.length > 0 && !(await this.storeTogether(together))) for (const { batch } of together) await this.store(batch);
    for (const entry of group) if (!together.includes(entry)) await this.store(entry.batch);
  }

  /**
   * Several companies' messages in one transaction of their group (InboundMessageBatches.storeTogether:
   * its statements cover every company at once), then each batch acknowledged and the group
   * announced. Answers false when it failed (rolled back: nothing stored, nothing acknowledged),
   * for the caller to store each company's batch on its own, so one bad batch holds no other
   * company back.
   */
  private async storeTogether(group: CompanyBatch[]): Promise<boolean> {
    let outcome: InboundOutcome;
    try {
      outcome = await this.handler.storeMessagesTogether(group.map(({ batch }) => batch.map(({ event }) => event as InboundMessageEvent)));
    } catch (error) {
      this.logger.warn(
        { err: error, companies: group.map(({ companyId }) => companyId) },
        'inbound batches of several companies failed together: storing each company’s on its own',
      );
      return false;
    }
    this.settle(
      group.flatMap(({ batch }) => batch),
      outcome,
    );
    return true;
  }

  /**
   * A batch in stream order: each run of consecutive messages in one transaction, any other
   * event (edit, revoke, call) on its own. A run that fails is retried event by event, so one
   * bad event is redelivered alone and does not hold the others back. The batch's acks are
   * stored beside them (`storeAcks`), in a transaction of their own that runs at the same time.
   */
  private async store(batch: Delivery[]): Promise<void> {
    const acks = batch.filter(({ event }) => event.type === 'ack');
    const others = acks.length > 0 ? batch.filter(({ event }) => event.type !== 'ack') : batch;
    const acksStored = acks.length > 0 ? this.storeAcks(acks) : undefined;
    for (let start = 0; start < others.length;) {
      let end = start + 1;
      if (others[start]!.event.type === 'message') while (end < others.length && others[end]!.event.type === 'message') end += 1;
      const run = others.slice(start, end);
      start = end;
      if (run.length === 1) {
        await this.process(run, () => this.handler.handle(run[0]!.event));
        continue;
      }
      const stored = await this.process(run, () => this.handler.storeMessages(run.map(({ event }) => event as InboundMessageEvent)), false);
      if (!stored) for (const delivery of run) await this.process([delivery], () => this.handler.handle(delivery.event));
    }
    await acksStored;
  }

  /**
   * Acks only raise a sent message's ack: their order does not matter, and they change no row the
   * messages' runs write (those insert messages and touch tickets; an edit or revoke of the same
   * message only waits for the ack's row lock). So they are applied together, in one transaction
   * that runs while the batch's other events are stored: they neither cost a transaction each, nor
   * split the runs of messages, nor make the company's next customer messages wait for them. An
   * ack whose message another transaction is still storing (an echo of the same batch) is retried
   * a little later, as any ack of a message not stored yet.
   */
  private async storeAcks(acks: Delivery[]): Promise<void> {
    if (acks.length === 1) {
      await this.process(acks, () => this.handler.handle(acks[0]!.event));
      return;
    }
    const stored = await this.process(acks, () => this.handler.raiseAcks(acks.map(({ event }) => event as InboundAckEvent)), false);
    if (!stored) for (const delivery of acks) await this.process([delivery], () => this.handler.handle(delivery.event));
  }

  /**
   * Runs the handler; its outcome decides between ack (then the announcement), a later
   * redelivery, or giving up. Never throws: answers whether the work committed; a failure is
   * redelivered unless `redeliverOnFailure` is false (the caller retries another way).
   */
  private async process(run: Delivery[], work: () => Promise<InboundOutcome>, redeliverOnFailure = true): Promise<boolean> {
    try {
      this.settle(run, await work());
      return true;
    } catch (error) {
      const { event } = run[0]!;
      if (!redeliverOnFailure) {
        this.logger.warn(
          { err: error, companyId: event.companyId, events: run.length },
          'inbound batch failed: storing its events one by one',
        );
        return false;
      }
      for (const delivery of run) await this.failed(delivery, error);
      return false;
    }
  }

  /** After the commit: each event acknowledged (or retried later, as the outcome says), then the announcement. */
  private settle(run: Delivery[], result: InboundOutcome): void {
    if (result.outcome === 'retry') {
      for (const { message, event } of run) this.retryLater(message, event);
      return;
    }
    for (const [i, { message, event }] of run.entries()) {
      if (result.retry?.has(i)) this.retryLater(message, event);
      else message.ack();
    }
    result.announce?.();
  }

  /**
   * An event that could not be stored: redelivered later (a line in the log, no stack), or at its
   * last attempt kept as a dead letter and terminated (logged once, with the error). When even the
   * dead letter cannot be written (the database is down), it is redelivered: nothing is dropped unseen.
   */
  private async failed({ message, event }: Delivery, error: unknown): Promise<void> {
    const attempt = message.info.deliveryCount;
    const where = { type: event.type, companyId: event.companyId, whatsappId: event.whatsappId, seq: message.seq, attempt };
    if (attempt < this.config.INBOUND_MAX_DELIVERIES) {
      this.logger.warn({ ...where, reason: reasonOf(error) }, 'inbound event not stored: will be redelivered');
      message.nak(failureDelay(attempt));
      return;
    }
    try {
      await this.database.withTenant(event.companyId, (tx) =>
        this.failures.insert(tx, {
          companyId: event.companyId,
          whatsappId: event.whatsappId,
          eventType: event.type,
          streamSeq: message.seq,
          attempts: attempt,
          reason: reasonOf(error),
          event: storableText(message.string()),
        }),
      );
    } catch (failure) {
      this.logger.warn({ ...where, reason: reasonOf(failure) }, 'inbound dead letter not written: will be redelivered');
      message.nak(failureDelay(attempt));
      return;
    }
    message.term(); // no reason: servers before 2.10 ignore a '+TERM <reason>'
    this.logger.error({ ...where, err: error }, 'inbound event could not be stored: kept as a dead letter for the admins');
  }

  /** An ack, edit or revoke for a message not stored yet: redelivered a little later, up to MAX_RETRIES times. */
  private retryLater(message: JsMsg, event: InboundEvent): void {
    if (message.info.deliveryCount >= MAX_RETRIES) {
      this.logger.warn(
        { type: event.type, companyId: event.companyId, attempt: message.info.deliveryCount },
        'inbound event refers to an unknown message: dropped',
      );
      message.ack();
    } else {
      message.nak(RETRY_DELAY_MS);
    }
  }
}
