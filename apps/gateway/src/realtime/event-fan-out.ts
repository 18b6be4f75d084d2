import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  ALL_TICKET_VALUES,
  eventSubject,
  isLiveEvent,
  PROFILES,
  SESSION_ENDED_EVENT,
  socketEventName,
  type Actor,
  type DomainEvent,
  type SessionEndedPayload,
  type UserEventPayload,
  type UserView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus, type PrefixedNatsClient } from '@atrium/messaging';
import { LOGGER, NATS_PROXY, SERVICE_CONFIG } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { GatewayConfig } from '../config.js';
import { accessAllows } from '../auth/access-rules.js';
import { CompanyGrantsCache } from '../auth/company-grants.cache.js';
import { canReceive, type SocketViewer } from './audience.js';
import { LiveEventAccess } from './live-event-access.js';
import { FanOutMetrics } from './fan-out-metrics.js';
import { SocketRegistry, type Departure, type RegisteredSocket } from './socket-registry.js';
import { SocketWriter, type WritableSocket } from './socket-writer.js';

/** What the fan-out needs of a socket. */
export interface EventTarget extends WritableSocket {
  disconnect(close?: boolean): unknown;
}

interface CompanyInterest {
  holders: number;
  subscription: Subscription;
  /** Resolves once the NATS server has the subscription. */
  ready: Promise<void>;
}

const EVENT_KIND = /^[A-Za-z0-9_-]{1,64}$/;

/** What of a user decides which events their sockets receive. */
type ViewerScope = Pick<Actor, 'profile' | 'super' | 'queueIds' | 'allTicket'>;

/** What an identity `user` event changes for sockets: a saved user's new scope, or a deleted user. */
type UserChange = { action: 'update'; userId: number; scope: ViewerScope } | { action: 'delete'; userId: number };

/**
 * The change a `user` event makes to sockets. Its payload is declared once (LiveEventPayloads['user']);
 * the fields the fan-out acts on are still checked, as at every boundary: a malformed event off
 * NATS is emitted as it came but changes no socket's scope.
 */
function userChangeOf(event: DomainEvent): UserChange | undefined {
  if (!isLiveEvent(event, 'user')) return undefined;
  const payload = event.payload as Partial<UserEventPayload> | null;
  if (payload?.action === 'delete') return typeof payload.userId === 'number' ? { action: 'delete', userId: payload.userId } : undefined;
  const user: Partial<UserView> | undefined = payload?.action === 'update' && 'user' in payload ? payload.user : undefined;
  if (
    typeof user?.id !== 'number' ||
    !PROFILES.includes(user.profile as never) ||
    !ALL_TICKET_VALUES.includes(user.allTicket as never) ||
    typeof user.super !== 'boolean' ||
    !Array.isArray(user.queueIds) ||
    !user.queueIds.every((id) => Number.isSafeInteger(id))
  ) {
    return undefined;
  }
  return {
    action: 'update',
    userId: user.id,
    scope: { profile: user.profile!, super: user.super, queueIds: [...user.queueIds], allTicket: user.allTicket! },
  };
}

/** The login a `sessionEnded` event ends, when it is well-formed. */
function endedSessionOf(event: DomainEvent): SessionEndedPayload | undefined {
  const payload = event.payload as Partial<SessionEndedPayload> | null;
  return typeof payload?.userId === 'number' && typeof payload.sessionId === 'string'
    ? { userId: payload.userId, sessionId: payload.sessionId }
    : undefined;
}

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
  private readonly writer: SocketWriter<EventTarget>;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    @Inject(FanOutMetrics) metrics: FanOutMetrics,
    @Inject(LiveEventAccess) private readonly access: LiveEventAccess,
    @Inject(CompanyGrantsCache) private readonly grants: CompanyGrantsCache,
  ) {
    metrics.countSocketsWith(() => this.sockets.count());
    this.writer = new SocketWriter<EventTarget>(
      {
        maxBufferedFrames: config.SOCKET_MAX_BUFFERED_FRAMES,
        maxBufferedBytes: config.SOCKET_MAX_BUFFERED_BYTES,
        socketsPerTurn: config.SOCKET_WRITES_PER_TURN,
      },
      metrics,
      (error) => this.logger.error({ err: error }, 'a fan-out step failed'),
    );
  }

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
    // the company's grants are known before its first event is fanned out (deliver reads them
    // synchronously); identity not answering does not keep the socket out (see deliver)
    await this.grants.get(companyId).catch((error: unknown) => {
      this.logger.warn({ err: error, companyId }, 'company grants not loaded: permission-bound events go to admins until they are');
    });
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
  track(socket: EventTarget, actor: SocketViewer): void {
    this.sockets.add(socket, { ...actor });
  }

  /** Refreshes who is behind a socket (profile, queues) after the user's state changed. */
  updateViewer(socketId: string, actor: SocketViewer): void {
    this.sockets.setViewer(socketId, { ...actor });
  }

  untrack(socketId: string): Departure<EventTarget> | undefined {
    return this.sockets.remove(socketId);
  }

  /**
   * Emits one event to the sockets of its scope that its audience allows. Who receives it is
   * decided now, once per visibility group (sockets alike in all an audience reads); the writing
   * follows in order (SocketWriter: one encoding per event, bounded turns, slow sockets dropped),
   * as do the disconnections an event causes, after the sockets heard what came before.
   */
  deliver(event: DomainEvent, scope: number | null): void {
    const receivedAt = performance.now();
    if (typeof event?.kind !== 'string' || !EVENT_KIND.test(event.kind) || event.companyId !== scope) {
      this.logger.warn({ scope, kind: event?.kind, companyId: event?.companyId }, 'dropped a malformed or misrouted event');
      return;
    }
    if (event.kind === SESSION_ENDED_EVENT) {
      // internal: never emitted; the ended login's sockets go once the events published before it are written
      const ended = scope === null ? undefined : endedSessionOf(event);
      if (!ended) return;
      const sockets = this.socketsOf(scope!, ended.userId, (viewer) => viewer.sessionId === ended.sessionId);
      this.writer.run(() => sockets.forEach((socket) => socket.disconnect(true)));
      return;
    }
    const change = scope === null ? undefined : userChangeOf(event);
    // a saved user's sockets take the new scope before this or any later event is fanned out
    if (change?.action === 'update') {
      for (const { socket, viewer } of this.entriesOf(scope!, change.userId))
        this.sockets.setViewer(socket.id, { ...viewer, ...change.scope });
    }
    const rule = this.access.ruleOf(event.kind);
    if (rule === null) {
      this.logger.warn({ kind: event.kind }, 'dropped an event no route says who may hear (LIVE_EVENT_ROUTES)');
      return;
    }
    const targets: EventTarget[] = [];
    // what the company's profiles may do now (issue 28): known since its first socket came (hold)
    const needsGrants = scope !== null && Boolean(rule.permissions?.length);
    const grants = needsGrants ? this.grants.peek(scope!) : undefined;
    // not loaded (identity did not answer): only those who hold every action whatever the grants hear it
    const grantsUnknown = needsGrants && grants === undefined;
    for (const group of this.sockets.groups(scope)) {
      if (grantsUnknown && !group.viewer.super && group.viewer.profile !== 'admin') continue;
      if (!accessAllows(rule, group.viewer, grants) || !canReceive(event.audience, group.viewer)) continue;
      for (const { socket } of group.sockets.values()) targets.push(socket);
    }
    this.writer.emit(socketEventName(event), event.payload, targets, receivedAt);
    // a deleted user's sockets hear of it, then end at once rather than at their next heartbeat
    if (change?.action === 'delete') {
      const sockets = this.socketsOf(scope!, change.userId);
      this.writer.run(() => sockets.forEach((socket) => socket.disconnect(true)));
    }
  }

  /** A user's sockets in a company (those whose viewer `matches`, when given), as they are now. */
  private socketsOf(
    companyId: number,
    userId: number,
    matches: (viewer: RegisteredSocket<EventTarget>['viewer']) => boolean = () => true,
  ): EventTarget[] {
    return this.entriesOf(companyId, userId)
      .filter(({ viewer }) => matches(viewer))
      .map(({ socket }) => socket);
  }

  /**
   * The registered sockets of a user. Identity announces a user (`user` update or delete, or an
   * ended login) after it rewrote the user's live state, so their sockets follow at once, not at the heartbeat.
   */
  private entriesOf(companyId: number, userId: number): RegisteredSocket<EventTarget>[] {
    return [...this.sockets.inCompany(companyId)].filter((entry) => entry.viewer.userId === userId);
  }

  private connection(): NatsConnection {
    return this.nats.unwrap<NatsConnection>();
  }
}
