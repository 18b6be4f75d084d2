import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { INBOUND_STREAM, inboundStreamName, type InboundEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import type { PrefixedNatsClient } from '@atrium/messaging';
import { LOGGER, NATS_PROXY, SERVICE_CONFIG } from '@atrium/service-kit';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { TicketsConfig } from '../config.js';
import { chatKeyOf, parseInboundEvent } from './inbound-event.js';
import { InboundHandler } from './inbound-handler.js';

/** An ack, edit or revoke for a message not stored yet is retried this often, this many times. */
const RETRY_DELAY_MS = 1_000;
const MAX_RETRIES = 10;

/** Redelivery delay after a failure (database down, ...): grows with the attempts, up to 30 s. */
function failureDelay(deliveryCount: number): number {
  return Math.min(30_000, 500 * 2 ** Math.min(deliveryCount, 6));
}

/**
 * The tickets service's durable consumer of the sessions' INBOUND JetStream stream
 * (libs/contracts sessions/inbound.ts). Every replica pulls from the one durable consumer, so
 * each event goes to one replica; within a replica, events of one chat are handled in order, up
 * to INBOUND_CONCURRENCY at once. An event is acknowledged only after its transaction committed,
 * and announced to sockets after that; failures are redelivered (JetStream), and a redelivered
 * event changes nothing twice (InboundHandler).
 */
@Injectable()
export class InboundConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly streamName: string;
  private readonly subjects: string;

  constructor(
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(InboundHandler) private readonly handler: InboundHandler,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.streamName = inboundStreamName(config.NATS_SUBJECT_PREFIX);
    this.subjects = `${config.NATS_SUBJECT_PREFIX}${INBOUND_STREAM.subjectRoot}.>`;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.INBOUND_ENABLED) return;
    const connection = this.nats.unwrap<NatsConnection>();
    const manager = await jetstreamManager(connection);
    await this.ensureStream(manager);
    await this.ensureConsumer(manager);
    const consumer = await jetstream(connection).consumers.get(this.streamName, this.config.INBOUND_CONSUMER);
    this.messages = await consumer.consume({ max_messages: this.config.INBOUND_CONCURRENCY * 2 });
    this.loop = this.run(this.messages).catch((error: unknown) => this.logger.error({ err: error }, 'inbound consumer stopped'));
    this.logger.info({ stream: this.streamName, consumer: this.config.INBOUND_CONSUMER }, 'consuming inbound events');
  }

  /** Stops pulling, then lets the events in hand finish (and be acknowledged) before connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  /** The stream belongs to the sessions service; it is created here too when tickets starts first. */
  private async ensureStream(manager: JetStreamManager): Promise<void> {
    try {
      await manager.streams.info(this.streamName);
      return;
    } catch (error) {
      if (!/not found/i.test(String((error as Error).message))) throw error;
    }
    try {
      await manager.streams.add({
        name: this.streamName,
        subjects: [this.subjects],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: nanos(INBOUND_STREAM.maxAgeSeconds * 1000),
        duplicate_window: nanos(INBOUND_STREAM.duplicateWindowSeconds * 1000),
      });
    } catch (error) {
      if (!/already in use|exists/i.test(String((error as Error).message))) throw error;
    }
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
      await manager.consumers.update(this.streamName, this.config.INBOUND_CONSUMER, { ack_wait: config.ack_wait, max_ack_pending: config.max_ack_pending });
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
      while (this.inFlight.size >= this.config.INBOUND_CONCURRENCY) await Promise.race(this.inFlight);
      this.dispatch(message);
    }
  }

  private dispatch(message: JsMsg): void {
    const event = parseInboundEvent(message.subject, message.string());
    if (!event) {
      this.logger.warn({ subject: message.subject, seq: message.seq }, 'dropped a malformed inbound event');
      message.term('malformed');
      return;
    }
    const key = chatKeyOf(event);
    const task = (this.chains.get(key) ?? Promise.resolve()).then(() => this.process(message, event));
    this.chains.set(key, task);
    this.inFlight.add(task);
    void task.finally(() => {
      this.inFlight.delete(task);
      if (this.chains.get(key) === task) this.chains.delete(key);
    });
  }

  /** Never throws: the outcome decides between ack, a later redelivery, or giving up. */
  private async process(message: JsMsg, event: InboundEvent): Promise<void> {
    const attempt = message.info.deliveryCount;
    try {
      const result = await this.handler.handle(event);
      if (result.outcome === 'retry') {
        if (attempt >= MAX_RETRIES) {
          this.logger.warn({ type: event.type, companyId: event.companyId, attempt }, 'inbound event refers to an unknown message: dropped');
          message.ack();
        } else {
          message.nak(RETRY_DELAY_MS);
        }
        return;
      }
      message.ack();
      result.announce?.();
    } catch (error) {
      this.logger.error({ err: error, type: event.type, companyId: event.companyId, attempt }, 'inbound event failed: will be redelivered');
      message.nak(failureDelay(attempt));
    }
  }
}
