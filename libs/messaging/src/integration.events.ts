import {
  INTEGRATION_STREAM,
  integrationSubject,
  type IntegrationEvent,
  type IntegrationEventMap,
  type IntegrationEventName,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { ensureStream } from './jetstream-streams.js';

/** A new event, with a fresh id, stated now. */
export function newIntegrationEvent<N extends IntegrationEventName>(
  name: N,
  companyId: number,
  payload: IntegrationEventMap[N],
): IntegrationEvent<N> {
  return { id: randomUUID(), name, companyId, occurredAt: new Date().toISOString(), payload };
}

export type IntegrationEventHandler<N extends IntegrationEventName> = (event: IntegrationEvent<N>) => Promise<void>;

export interface IntegrationEventsOptions {
  connection: () => NatsConnection;
  /** NATS subject prefix (the stream is per prefix). */
  subjectPrefix: string;
  /** The durable consumer's name: the service's name, shared by its replicas. */
  consumer: string;
  logger: Logger;
  /** Seconds an event may stay unacknowledged before JetStream gives it to another replica. */
  ackWaitSeconds?: number;
}

/** Redelivery delay after a handler failed: grows with the attempts, up to a minute. */
function retryDelay(deliveryCount: number): number {
  return Math.min(60_000, 250 * 2 ** Math.min(deliveryCount, 8));
}

/**
 * Integration events between services (libs/contracts integration/integration-events.ts) on the
 * durable INTEGRATION stream. `publish` stores an event (the outbox relay calls it); `on` registers
 * a handler (in `onModuleInit`), and once the application has started, the service's one durable
 * consumer delivers each event to one replica, one event at a time, acknowledging it only after
 * its handler resolved. A handler that throws gets the event again later (growing delay, never
 * dropped); events without a handler in this service are acknowledged unseen. Delivery is at
 * least once, so handlers are idempotent (see the README).
 */
export class IntegrationEvents {
  private readonly handlers = new Map<IntegrationEventName, IntegrationEventHandler<never>>();
  private stream?: Promise<string>;
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private stopping = false;

  constructor(private readonly options: IntegrationEventsOptions) {}

  /**
   * Publishes a built event (`newIntegrationEvent`) and resolves once the stream stored it;
   * publishing it again (same id) inside the duplicate window stores nothing. Services do not call
   * it: they stage events in their transaction (IntegrationOutbox), whose relay calls it.
   */
  async publish(event: IntegrationEvent): Promise<void> {
    const streamName = await this.ensureStream();
    await jetstream(this.options.connection()).publish(
      this.options.subjectPrefix + integrationSubject(event.name, event.companyId),
      JSON.stringify(event),
      { msgID: event.id, expect: { streamName }, timeout: 5_000 },
    );
  }

  /** Registers this service's handler of an event (one per event name); call before the application starts. */
  on<N extends IntegrationEventName>(name: N, handler: IntegrationEventHandler<N>): void {
    if (this.handlers.has(name)) throw new Error(`a handler of ${name} is already registered`);
    this.handlers.set(name, handler as IntegrationEventHandler<never>);
  }

  /** The integration events this service has handlers of (what its durable consumer takes). */
  handledEvents(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /** Starts consuming, if this service handles any event (CoreModule calls it on application bootstrap). */
  async start(): Promise<void> {
    if (this.handlers.size === 0 || this.messages) return;
    this.stopping = false;
    const connection = this.options.connection();
    const streamName = await this.ensureStream();
    await this.ensureConsumer(streamName);
    const consumer = await jetstream(connection).consumers.get(streamName, this.options.consumer);
    this.messages = await consumer.consume({ max_messages: 16 });
    this.loop = this.run(this.messages).catch((error: unknown) =>
      this.options.logger.error({ err: error }, 'integration event consumer stopped'),
    );
  }

  /** Stops pulling and lets the event in hand finish (CoreModule calls it before connections close). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.messages?.close();
    await this.loop;
    this.messages = undefined;
    this.loop = undefined;
  }

  private ensureStream(): Promise<string> {
    this.stream ??= ensureStream(this.options.connection(), INTEGRATION_STREAM, this.options.subjectPrefix).catch((error: unknown) => {
      this.stream = undefined;
      throw error;
    });
    return this.stream;
  }

  private async ensureConsumer(streamName: string): Promise<void> {
    const manager = await jetstreamManager(this.options.connection());
    try {
      await manager.consumers.info(streamName, this.options.consumer);
      return;
    } catch (error) {
      if (!/not found/i.test(String((error as Error).message))) throw error;
    }
    await manager.consumers
      .add(streamName, {
        durable_name: this.options.consumer,
        ack_policy: AckPolicy.Explicit,
        // a service deployed later still hears what was stated before (idempotent handlers)
        deliver_policy: DeliverPolicy.All,
        filter_subject: `${this.options.subjectPrefix}${INTEGRATION_STREAM.subjectRoot}.>`,
        ack_wait: nanos((this.options.ackWaitSeconds ?? 30) * 1000),
        max_ack_pending: 1_000,
      })
      .catch((failure: unknown) => {
        // another replica created it meanwhile
        if (!/already|exists/i.test(String((failure as Error).message))) throw failure;
      });
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      if (this.stopping) {
        message.nak();
        continue;
      }
      await this.handle(message);
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    const event = parseIntegrationEvent(message.string());
    if (!event) {
      this.options.logger.warn({ subject: message.subject, seq: message.seq }, 'dropped a malformed integration event');
      message.term('malformed');
      return;
    }
    const handler = this.handlers.get(event.name);
    try {
      if (handler) await handler(event as never);
      await message.ackAck();
    } catch (error) {
      const attempt = message.info.deliveryCount;
      this.options.logger.error(
        { err: error, event: event.name, id: event.id, companyId: event.companyId, attempt },
        'integration event failed: will be redelivered',
      );
      message.nak(retryDelay(attempt));
    }
  }
}

/** The envelope checked at the boundary; undefined when it is not one. */
export function parseIntegrationEvent(text: string): IntegrationEvent | undefined {
  try {
    const value = JSON.parse(text) as Partial<IntegrationEvent> | null;
    if (!value || typeof value !== 'object') return undefined;
    const { id, name, companyId, occurredAt, payload } = value;
    if (typeof id !== 'string' || id.length === 0 || typeof name !== 'string' || typeof occurredAt !== 'string') return undefined;
    if (!Number.isInteger(companyId) || (companyId as number) <= 0 || !payload || typeof payload !== 'object') return undefined;
    return value as IntegrationEvent;
  } catch {
    return undefined;
  }
}
