import { INBOUND_SUBJECT_FILTER, inboundStreamName, type InboundEvent } from '@atrium/contracts';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface TappedEvent {
  subject: string;
  msgId: string | undefined;
  seq: number;
  event: InboundEvent;
}

/**
 * A durable consumer of the INBOUND stream, as the tickets service will have: it acknowledges
 * every event it reads and keeps them in order, so tests can wait for one and count duplicates.
 */
export class InboundTap {
  readonly events: TappedEvent[] = [];
  private waiters: Array<{ match: (e: TappedEvent) => boolean; resolve: (e: TappedEvent) => void }> = [];
  private messages?: ConsumerMessages;

  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    readonly stream: string,
    readonly prefix: string,
  ) {}

  static async open(env: Record<string, string>, durable = 'api-tests'): Promise<InboundTap> {
    const connection = await connect({ servers: env.NATS_URL, name: 'inbound-tap' });
    const manager = await jetstreamManager(connection);
    const prefix = env.NATS_SUBJECT_PREFIX ?? '';
    const tap = new InboundTap(connection, manager, inboundStreamName(prefix), prefix);
    await manager.consumers.add(tap.stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: prefix + INBOUND_SUBJECT_FILTER,
    });
    const consumer = await jetstream(connection).consumers.get(tap.stream, durable);
    tap.messages = await consumer.consume();
    void (async () => {
      for await (const message of tap.messages!) {
        const tapped = {
          subject: message.subject,
          msgId: message.headers?.get('Nats-Msg-Id'),
          seq: message.seq,
          event: message.json<InboundEvent>(),
        };
        message.ack();
        tap.events.push(tapped);
        tap.waiters = tap.waiters.filter((w) => (w.match(tapped) ? (w.resolve(tapped), false) : true));
      }
    })();
    return tap;
  }

  /** The first event (already read or next) that matches. */
  next(match: (e: TappedEvent) => boolean, timeoutMs = 10_000): Promise<TappedEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching inbound event within ${timeoutMs} ms (read ${this.events.length})`)),
        timeoutMs,
      );
      this.waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  }

  message(id: string, timeoutMs?: number): Promise<TappedEvent> {
    return this.next((e) => e.event.type === 'message' && e.event.message.id === id, timeoutMs);
  }

  /** How many messages the stream holds in all. */
  async storedCount(): Promise<number> {
    return (await this.manager.streams.info(this.stream)).state.messages;
  }

  /** Stops reading and deletes the test's stream. */
  async close(): Promise<void> {
    this.messages?.stop();
    await this.manager.streams.delete(this.stream).catch(() => undefined);
    await this.connection.drain();
  }
}
