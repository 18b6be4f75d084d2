import { eventSubject, type DomainEvent, type LiveEvent, type LiveEventKind } from '@atrium/contracts';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Live domain events on core NATS (`events.<companyId|global>.<kind>`), for the gateway's
 * socket fan-out. Publish after the change committed. Durable flows (inbound WhatsApp messages,
 * jobs) use JetStream instead.
 */
export class EventBus {
  constructor(
    private readonly connection: () => NatsConnection,
    private readonly prefix: string,
  ) {}

  /** The event's kind decides its payload (LiveEventPayloads). */
  publish<K extends LiveEventKind>(event: LiveEvent<K>): void {
    this.connection().publish(this.prefix + eventSubject(event.companyId, event.kind), encoder.encode(JSON.stringify(event)));
  }

  /** Subscribes to one kind of event of every company (or of one), typed by its declared payload. */
  subscribeTo<K extends LiveEventKind>(kind: K, onEvent: (event: LiveEvent<K>) => void, companyId: number | '*' = '*'): Subscription {
    return this.subscribe(`events.${companyId}.${kind}`, (event) => onEvent(event as LiveEvent<K>));
  }

  /** Subscribes to a subject pattern under the prefix (e.g. `events.12.>`). */
  subscribe(pattern: string, onEvent: (event: DomainEvent) => void): Subscription {
    return this.connection().subscribe(this.prefix + pattern, {
      callback: (error, message) => {
        if (error) return;
        try {
          onEvent(JSON.parse(decoder.decode(message.data)) as DomainEvent);
        } catch {
          // a malformed event is dropped, never crashes the subscriber
        }
      },
    });
  }
}
