import { eventSubject, type DomainEvent } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';
import { connect, RequestError, TimeoutError, type NatsConnection } from '@nats-io/transport-node';
import type { Stack } from './stack.js';

/** A NATS connection under the stack's subject prefix: publishes domain events as services do, and probes subscriptions. */
export class NatsFixture {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly prefix: string,
    readonly bus: EventBus,
  ) {}

  static async open(stack: Pick<Stack, 'env'>): Promise<NatsFixture> {
    const connection = await connect({ servers: stack.env.NATS_URL, name: 'api-tests' });
    const prefix = stack.env.NATS_SUBJECT_PREFIX ?? '';
    return new NatsFixture(connection, prefix, new EventBus(() => connection, prefix));
  }

  /** Publishes an event as a service would, or a malformed one: tests may break the contract (LiveEventPayloads) on purpose. */
  publish<T>(event: DomainEvent<T>): void {
    this.publishRaw(eventSubject(event.companyId, event.kind), JSON.stringify(event));
  }

  /** Publishes raw bytes on a subject (under the prefix), for malformed input. */
  publishRaw(subject: string, data: string): void {
    this.connection.publish(this.prefix + subject, data);
  }

  /**
   * Whether anything subscribes to `subject` (under the prefix): NATS answers a request on a
   * subject without subscribers at once with "no responders"; a subscriber that does not reply
   * lets the request time out.
   */
  async hasSubscribers(subject: string): Promise<boolean> {
    try {
      await this.connection.request(this.prefix + subject, '', { timeout: 300 });
      return true;
    } catch (error) {
      if (error instanceof RequestError && error.isNoResponders()) return false;
      if (error instanceof TimeoutError || (error instanceof RequestError && error.cause instanceof TimeoutError)) return true;
      throw error;
    }
  }

  /**
   * Records the raw payloads (text) of what is published or requested on `subject` (under the
   * prefix), without answering, until `stop()`.
   */
  async record(subject: string): Promise<{ received: string[]; stop: () => void }> {
    const received: string[] = [];
    const subscription = this.connection.subscribe(this.prefix + subject);
    void (async () => {
      for await (const message of subscription) received.push(message.string());
    })();
    await this.connection.flush();
    return { received, stop: () => subscription.unsubscribe() };
  }

  async close(): Promise<void> {
    await this.connection.drain();
  }
}

/** Retries `check` until it holds or the deadline passes (for state another process changes). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
