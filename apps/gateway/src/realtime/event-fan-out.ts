import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { eventSubject, socketEventName, type Actor, type DomainEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus, type PrefixedNatsClient } from '@atrium/messaging';
import { LOGGER, NATS_PROXY } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { canReceive } from './audience.js';
import { SocketRegistry, type Departure } from './socket-registry.js';

/** What the fan-out needs of a socket. */
export interface EventTarget {
  id: string;
  rooms: ReadonlySet<string>;
  emit(event: string, payload: unknown): unknown;
}

interface CompanyInterest {
  holders: number;
  subscription: Subscription;
  /** Resolves once the NATS server has the subscription. */
  ready: Promise<void>;
}

const EVENT_KIND = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Emits the domain events services publish on NATS to this gateway's sockets. It listens to
 * `events.global.>` always and to `events.<companyId>.>` only while it holds a socket of that
 * company (ARCHITECTURE rule 6). Each gateway replica emits to its own sockets only, so replicas
 * need no socket.io adapter between them.
 */
@Injectable()
export class EventFanOut implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sockets = new SocketRegistry<EventTarget>();
  private readonly interests = new Map<number, CompanyInterest>();
  private globalSubscription?: Subscription;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.globalSubscription = this.bus.subscribe(eventSubject(null, '>'), (event) => this.deliver(event, null));
    await this.connection().flush();
  }

  onApplicationShutdown(): void {
    this.globalSubscription?.unsubscribe();
    for (const interest of this.interests.values()) interest.subscription.unsubscribe();
    this.interests.clear();
  }

  /**
   * Holds the company's subscription open (subscribing on the first holder, and waiting until
   * NATS has it, so a socket misses no event published after it connected). Call the returned
   * release once, when the holder goes; the last release unsubscribes.
   */
  async hold(companyId: number): Promise<() => void> {
    let interest = this.interests.get(companyId);
    if (!interest) {
      const subscription = this.bus.subscribe(eventSubject(companyId, '>'), (event) => this.deliver(event, companyId));
      interest = { holders: 0, subscription, ready: this.connection().flush() };
      this.interests.set(companyId, interest);
      this.logger.debug({ companyId }, 'subscribed to company events');
    }
    const held = interest;
    held.holders += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders === 0 && this.interests.get(companyId) === held) {
        this.interests.delete(companyId);
        held.subscription.unsubscribe();
        this.logger.debug({ companyId }, 'unsubscribed from company events');
      }
    };
    try {
      await held.ready;
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  /** Starts delivering to a connected socket. */
  track(socket: EventTarget, actor: Actor): void {
    this.sockets.add(socket, { ...actor, rooms: socket.rooms });
  }

  /** Refreshes who is behind a socket (profile, queues) after the user's state changed. */
  updateViewer(socketId: string, actor: Actor): void {
    const entry = this.sockets.get(socketId);
    if (entry) entry.viewer = { ...actor, rooms: entry.viewer.rooms };
  }

  untrack(socketId: string): Departure<EventTarget> | undefined {
    return this.sockets.remove(socketId);
  }

  /** Emits one event to the sockets of its scope that its audience allows. */
  deliver(event: DomainEvent, scope: number | null): void {
    if (typeof event?.kind !== 'string' || !EVENT_KIND.test(event.kind) || event.companyId !== scope) {
      this.logger.warn({ scope, kind: event?.kind, companyId: event?.companyId }, 'dropped a malformed or misrouted event');
      return;
    }
    const name = socketEventName(event);
    const targets = scope === null ? this.sockets.all() : this.sockets.inCompany(scope);
    for (const { socket, viewer } of targets) {
      if (canReceive(event.audience, viewer)) socket.emit(name, event.payload);
    }
  }

  private connection(): NatsConnection {
    return this.nats.unwrap<NatsConnection>();
  }
}
