import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AppError, ErrorCode, OUTBOUND_COMMAND_TIMEOUT_MS, type OutboundCommandDto, type OutboundResult } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import type { PrefixedNatsClient } from '@atrium/messaging';
import { LOGGER, NATS_PROXY, SERVICE_CONFIG } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { AuthKeysRepository } from '../auth-state/auth-keys.repository.js';
import { PgAuthStateStore } from '../auth-state/pg-auth-state.store.js';
import type { SessionsConfig } from '../config.js';
import { ConnectionEvents } from '../shared/connection.events.js';
import { DriverRegistry } from '../drivers/driver-registry.js';
import { InboundPublisher } from '../inbound/inbound-publisher.js';
import { MediaStore } from '../inbound/media-store.js';
import { HandoverBudget } from './handover-budget.js';
import { HandoverWait, notSentError } from './handover-wait.js';
import { LeaseRepository, type ClaimedLease, type ClusterSize } from './lease.repository.js';
import { NO_OWNER, OwnerChannel, type OwnerRequest } from './owner-channel.js';
import { newReplicaId } from './replica-id.js';
import { RunningSession, type RunningSessionDeps, type SessionRef, type StartOptions } from './running-session.js';
import { SendPacer } from './send-pacer.js';
import { SessionStateRepository } from './session-state.repository.js';
import type { WhatsappRow } from '../shared/whatsapp.view.js';
import { SessionsMetrics, type HandoverReason } from './sessions-metrics.js';

/** Answers from the owner that change state wait for a driver to stop and start. */
const CONTROL_TIMEOUT_MS = 15_000;
/** How long an outbound command may wait for its session (its number's pacer included), short of the asker's own timeout. */
const COMMAND_WAIT_MS = OUTBOUND_COMMAND_TIMEOUT_MS - 5_000;

/** The work's answer, or ERR_SERVICE_UNAVAILABLE after `ms` (as an owner that does not answer in time over NATS). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs this replica's share of the WhatsApp sessions (ARCHITECTURE rule 5). Every
 * SESSION_LEASE_RENEW_MS it writes its heartbeat and renews the leases it holds (stopping any it
 * lost); then, against its fair share (sessions that should run / live replicas, rounded up), it
 * claims free or expired leases up to that share — so a dead replica's sessions are taken over
 * within TTL + renew interval and reconnect from the auth state in PostgreSQL, at most
 * SESSION_CONNECT_CONCURRENCY connecting at once — or, above it, hands connected sessions over at
 * SESSIONS_REBALANCE_MAX_PER_MINUTE at most: each is closed here before its lease is freed, so no
 * two replicas ever connect one session. Requests about a session (start, new QR, disconnect,
 * outbound commands) reach the replica that runs it over the per-session subject; when none runs
 * it, the asking replica claims it.
 */
@Injectable()
export class SessionSupervisor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly replicaId: string;
  private readonly running = new Map<number, { session: RunningSession; subscription: Subscription }>();
  private readonly launching = new Map<number, Promise<void>>();
  /** Claimed here and waiting for a connect slot (with the row, read for the whole claim at once); their leases are renewed meanwhile. */
  private readonly queued = new Map<number, { lease: ClaimedLease; row: WhatsappRow | undefined }>();
  private connecting = 0;
  private readonly owners: OwnerChannel;
  private readonly releasedSubject: string;
  private sweepTimer?: NodeJS.Timeout;
  private sweeping: Promise<void> | null = null;
  /** A sweep was asked for while one ran (sessions released meanwhile): run one more after it. */
  private sweepAgain = false;
  private readonly rebalanceBudget: HandoverBudget;
  /** Outbound commands held while their session moves between replicas. */
  private readonly handoverWait: HandoverWait;
  /** Sessions held here but not run at the last sweep (see doSweep). */
  private unrunBefore = new Set<number>();
  private releasedSubscription?: Subscription;
  private lastRenewal = Date.now();
  private shuttingDown = false;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: SessionsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(NATS_PROXY) private readonly proxy: PrefixedNatsClient,
    @Inject(LeaseRepository) private readonly leases: LeaseRepository,
    @Inject(SessionStateRepository) private readonly state: SessionStateRepository,
    @Inject(AuthKeysRepository) private readonly authKeys: AuthKeysRepository,
    @Inject(DriverRegistry) private readonly drivers: DriverRegistry,
    @Inject(ConnectionEvents) private readonly events: ConnectionEvents,
    @Inject(InboundPublisher) private readonly publisher: InboundPublisher,
    @Inject(MediaStore) private readonly media: MediaStore,
    @Inject(SessionsMetrics) private readonly metrics: SessionsMetrics,
  ) {
    metrics.countStatusesWith(() => [...this.running.values()].map(({ session }) => session.status));
    this.replicaId = newReplicaId(config.SESSIONS_REPLICA_ID);
    this.rebalanceBudget = new HandoverBudget(config.SESSIONS_REBALANCE_MAX_PER_MINUTE, config.SESSION_LEASE_RENEW_MS, Date.now());
    this.handoverWait = new HandoverWait(config.SESSION_HANDOVER_WAIT_MS);
    this.owners = new OwnerChannel(() => this.proxy.unwrap<NatsConnection>(), config.NATS_SUBJECT_PREFIX);
    this.releasedSubject = `${config.NATS_SUBJECT_PREFIX}sessions.leases.released`;
  }

  /** Sessions this replica runs now. */
  get runningIds(): number[] {
    return [...this.running.keys()];
  }

  async onApplicationBootstrap(): Promise<void> {
    // A replica that hands sessions back says so, and the others claim them at once.
    this.releasedSubscription = this.proxy.unwrap<NatsConnection>().subscribe(this.releasedSubject, { callback: () => void this.sweep() });
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.SESSION_LEASE_RENEW_MS);
  }

  /**
   * Graceful shutdown: closes every session here, then leaves the replicas and frees all its
   * leases at once, and says so — the other replicas claim them on that word, within seconds.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    clearInterval(this.sweepTimer);
    this.releasedSubscription?.unsubscribe();
    await this.sweeping;
    this.queued.clear();
    await Promise.allSettled(this.launching.values());
    const sessions = [...this.running.values()].map(({ session }) => session);
    await Promise.allSettled(sessions.map((session) => session.stop()));
    for (const session of sessions) this.drop(session.ref.whatsappId);
    const warn = (error: unknown) => this.logger.warn({ err: error }, 'could not hand the sessions over');
    await this.leases.retire(this.replicaId).catch(warn);
    await this.leases.release(this.replicaId).catch(warn);
    this.metrics.handover('shutdown', sessions.length);
    this.announceReleased();
    // Commands held for a moving session (these ones included) reach their new owner before this replica's NATS connection closes.
    await this.handoverWait.drained();
  }

  // ---- asked by any replica (NATS handlers) -------------------------------------------------

  /** POST /whatsappsession/{id}: start, or retry, this session wherever it runs. */
  async start(ref: SessionRef, options: StartOptions = {}): Promise<void> {
    await this.leases.want(ref.companyId, ref.whatsappId);
    const answer = await this.owners.ask(ref.whatsappId, { op: 'start', ...options }, CONTROL_TIMEOUT_MS);
    if (answer === NO_OWNER) await this.claimAndLaunch(ref.whatsappId, options);
  }

  /** PUT /whatsappsession/{id}: forget the pairing and show a new QR code. */
  async newQr(ref: SessionRef): Promise<void> {
    await this.leases.want(ref.companyId, ref.whatsappId);
    const answer = await this.owners.ask(ref.whatsappId, { op: 'reset' }, CONTROL_TIMEOUT_MS);
    if (answer !== NO_OWNER) return;
    await this.authKeys.clear(ref);
    await this.claimAndLaunch(ref.whatsappId, {});
  }

  /** DELETE /whatsappsession/{id}: log out and stop until someone starts it again. */
  async disconnect(ref: SessionRef): Promise<void> {
    const answer = await this.owners.ask(ref.whatsappId, { op: 'disconnect' }, CONTROL_TIMEOUT_MS);
    if (answer !== NO_OWNER) return;
    await this.authKeys.clear(ref);
    const row = await this.state.endUnowned(ref.companyId, ref.whatsappId, {
      status: 'DISCONNECTED',
      statusReason: null,
      qrcode: '',
      pairingCode: '',
      retries: 0,
    });
    if (row) this.events.sessionChanged(row);
  }

  /** Before a connection is deleted: log its session out wherever it runs. */
  async remove(ref: SessionRef): Promise<void> {
    await this.owners.ask(ref.whatsappId, { op: 'remove' }, CONTROL_TIMEOUT_MS);
    await this.leases.unwant(ref.companyId, ref.whatsappId);
  }

  /**
   * An outbound command, run by the replica that runs the session: this one directly (no hop
   * through NATS to itself), another over the session's subject; both wait as long. The session
   * must be the company's (checked where it runs, against its own ref: no query): ERR_NO_WAPP_FOUND
   * otherwise. ERR_WAPP_NOT_INITIALIZED when no replica runs it or it is not connected — unless the
   * session is moving between replicas: then the command is held and sent to its new owner once
   * connected, for SESSION_HANDOVER_WAIT_MS at most (HandoverWait).
   */
  async command(ref: SessionRef, command: OutboundCommandDto): Promise<OutboundResult> {
    const request: OwnerRequest = { op: 'command', companyId: ref.companyId, command };
    const attempt = async (remainingMs: number): Promise<OutboundResult> => {
      const local = this.running.get(ref.whatsappId);
      const answer = local
        ? await within(this.serve(local.session, request), remainingMs)
        : await this.owners.ask(ref.whatsappId, request, remainingMs);
      if (answer === NO_OWNER) throw notSentError();
      return answer as OutboundResult;
    };
    return this.handoverWait.run(attempt, () => this.isMoving(ref), COMMAND_WAIT_MS, command.newMessageId !== undefined);
  }

  /** The session should be running and was connected when it last ran (a handover keeps that status): it is moving between replicas. */
  private async isMoving(ref: SessionRef): Promise<boolean> {
    const [lease, row] = await Promise.all([this.leases.ownerOf(ref.whatsappId), this.state.find(ref.companyId, ref.whatsappId)]);
    return lease !== null && row?.status === 'CONNECTED';
  }

  // ---- leases ------------------------------------------------------------------------------

  /** Renews held leases, stops lost sessions, claims free ones or hands some over. One sweep at a time. */
  sweep(): Promise<void> {
    if (this.shuttingDown) return Promise.resolve();
    if (this.sweeping) {
      this.sweepAgain = true;
      return this.sweeping;
    }
    this.sweeping = this.doSweep().finally(() => {
      this.sweeping = null;
      if (!this.sweepAgain) return;
      this.sweepAgain = false;
      void this.sweep();
    });
    return this.sweeping;
  }

  private async doSweep(): Promise<void> {
    let cluster: ClusterSize;
    let held: Map<number, number>;
    try {
      // The heartbeat first: it lapses no later than the leases renewed after it.
      cluster = await this.leases.heartbeat(this.replicaId, this.config.SESSION_LEASE_TTL_MS);
      held = await this.leases.renew(this.replicaId, this.config.SESSION_LEASE_TTL_MS);
      this.lastRenewal = Date.now();
    } catch (error) {
      this.logger.warn({ err: error }, 'could not renew session leases');
      // Unable to renew for about a lease's lifetime: others may run these sessions now.
      if (Date.now() - this.lastRenewal > this.config.SESSION_LEASE_TTL_MS - this.config.SESSION_LEASE_RENEW_MS) await this.stopAll();
      return;
    }
    for (const [id, { session }] of this.running) {
      if (held.has(id)) continue;
      this.logger.warn({ whatsappId: id }, 'session lease lost: stopping it here');
      this.drop(id);
      await session.stop().catch(() => undefined);
    }
    for (const id of this.queued.keys()) if (!held.has(id)) this.queued.delete(id);
    // Held here but neither running, launching nor queued on two sweeps in a row (a claim whose
    // launch never came; a session being removed lets go of its lease within one): run it.
    const unrun = [...held].filter(([id]) => !this.running.has(id) && !this.launching.has(id) && !this.queued.has(id));
    const orphans = unrun.filter(([id]) => this.unrunBefore.has(id));
    this.unrunBefore = new Set(unrun.map(([id]) => id));
    if (orphans.length > 0) {
      this.logger.warn({ sessions: orphans.length }, 'held sessions not running here: launching them');
      await this.enqueue(
        orphans.map(([whatsappId, companyId]) => ({ whatsappId, companyId, generation: 0, previousOwner: this.replicaId })),
      ).catch(() => undefined);
    }
    const share = Math.ceil(cluster.wanted / cluster.replicas);
    try {
      if (held.size > share) await this.handOver(held.size - share);
      else await this.claimUpTo(share - held.size);
      // Free for two sweeps and claimed by no one (a share computed with a replica that had just died): any replica runs them.
      await this.enqueue(
        await this.leases.claimUnowned(
          this.replicaId,
          this.config.SESSION_LEASE_TTL_MS,
          this.config.SESSION_CLAIM_BATCH,
          2 * this.config.SESSION_LEASE_RENEW_MS,
        ),
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'could not claim or hand over sessions');
    }
  }

  /**
   * Claims free sessions, batch after batch, until `room` more are held here or none is free; then
   * queues them all (claims first: a claim waiting for a database connection behind the status
   * writes of sessions already connecting would slow a takeover down).
   */
  private async claimUpTo(room: number): Promise<void> {
    const claimed: ClaimedLease[] = [];
    try {
      while (room > 0) {
        const limit = Math.min(room, this.config.SESSION_CLAIM_BATCH);
        const batch = await this.leases.claimUnowned(this.replicaId, this.config.SESSION_LEASE_TTL_MS, limit);
        claimed.push(...batch);
        if (batch.length < limit) break;
        room -= batch.length;
      }
    } finally {
      await this.enqueue(claimed);
    }
  }

  /** Hands connected sessions over, as many as the rebalance's rate allows, to bring this replica down to its share. */
  private async handOver(excess: number): Promise<void> {
    const count = Math.min(excess, this.rebalanceBudget.available(Date.now()));
    // Only connected ones: a session showing a QR code or pairing stays where the user sees it.
    const chosen = [...this.running.values()]
      .map(({ session }) => session)
      .filter((session) => session.isConnected)
      .slice(0, count);
    if (chosen.length === 0) return;
    this.rebalanceBudget.spend(chosen.length);
    await this.letGo(chosen, 'rebalance');
  }

  /** Closes these sessions here and only then frees their leases, and says so: another replica claims them at once. */
  private async letGo(sessions: RunningSession[], reason: HandoverReason): Promise<void> {
    await Promise.allSettled(sessions.map((session) => session.stop()));
    for (const session of sessions) this.drop(session.ref.whatsappId);
    await this.leases.release(
      this.replicaId,
      sessions.map((session) => session.ref.whatsappId),
    );
    this.metrics.handover(reason, sessions.length);
    this.announceReleased();
  }

  private announceReleased(): void {
    this.proxy.unwrap<NatsConnection>().publish(this.releasedSubject);
  }

  /** Claimed sessions wait here for one of SESSION_CONNECT_CONCURRENCY connect slots; their rows are read in one query. */
  private async enqueue(leases: ClaimedLease[]): Promise<void> {
    if (leases.length === 0) return;
    const takenOver = leases.filter((lease) => lease.previousOwner !== null && lease.previousOwner !== this.replicaId).length;
    this.metrics.handover('takeover', takenOver);
    // Unread rows are read one by one at launch.
    const rows = await this.state.findMany(leases.map((lease) => lease.whatsappId)).catch(() => new Map<number, WhatsappRow>());
    for (const lease of leases) this.queued.set(lease.whatsappId, { lease, row: rows.get(lease.whatsappId) });
    this.connectQueued();
  }

  private connectQueued(): void {
    while (!this.shuttingDown && this.connecting < this.config.SESSION_CONNECT_CONCURRENCY && this.queued.size > 0) {
      const [whatsappId, { lease, row }] = this.queued.entries().next().value as [
        number,
        { lease: ClaimedLease; row: WhatsappRow | undefined },
      ];
      this.queued.delete(whatsappId);
      this.connecting += 1;
      void this.launch(lease, {}, row)
        .catch((error: unknown) => this.logger.error({ err: error, whatsappId }, 'session failed to launch'))
        .finally(() => {
          this.connecting -= 1;
          this.connectQueued();
        });
    }
  }

  private async claimAndLaunch(whatsappId: number, options: StartOptions): Promise<void> {
    const lease = await this.leases.claim(this.replicaId, whatsappId, this.config.SESSION_LEASE_TTL_MS);
    // Not claimed: a live replica holds it and is about to answer for it.
    if (lease) await this.launch(lease, options);
  }

  /** Starts a claimed session here, once: a second launch of the same session (sweep and request racing) restarts it instead. */
  private async launch(lease: ClaimedLease, options: StartOptions, knownRow?: WhatsappRow): Promise<void> {
    const inProgress = this.launching.get(lease.whatsappId);
    if (inProgress) await inProgress;
    const existing = this.running.get(lease.whatsappId);
    if (existing) {
      await existing.session.restart(options);
      return;
    }
    const launch = this.launchNew(lease, options, knownRow).finally(() => this.launching.delete(lease.whatsappId));
    this.launching.set(lease.whatsappId, launch);
    await launch;
  }

  /** `knownRow`: the connection's row, read with the claim; read here otherwise. */
  private async launchNew(lease: ClaimedLease, options: StartOptions, knownRow?: WhatsappRow): Promise<void> {
    const ref = { companyId: lease.companyId, whatsappId: lease.whatsappId };
    const row = knownRow ?? (await this.state.find(ref.companyId, ref.whatsappId));
    const driver = row ? this.drivers.get(row.provider) : undefined;
    if (!row || !driver) {
      if (row) this.logger.warn({ whatsappId: ref.whatsappId, provider: row.provider }, 'no driver for this provider: session not started');
      const ended = row
        ? await this.state.endUnowned(ref.companyId, ref.whatsappId, {
            status: 'DISCONNECTED',
            statusReason: 'provider-unavailable',
            qrcode: '',
            pairingCode: '',
          })
        : undefined;
      if (ended) this.events.sessionChanged(ended);
      else await this.leases.unwant(ref.companyId, ref.whatsappId);
      return;
    }
    const auth = new PgAuthStateStore(this.authKeys, ref, this.config.AUTH_CACHE_MAX_KEYS);
    // Cloud API numbers are paced by their driver, to Meta's limits (80 messages/s, the pair limit)
    const pacer =
      row.provider === 'cloud'
        ? SendPacer.driverPaced(this.config.CLOUD_MAX_QUEUE)
        : new SendPacer(this.config.SEND_MIN_GAP_MS, this.config.SEND_MAX_QUEUE);
    const session = new RunningSession(ref, driver, auth, pacer, this.sessionDeps());
    const subscription = this.owners.serve(
      ref.whatsappId,
      (request) => this.serve(session, request),
      (error) => this.logger.error({ err: error, whatsappId: ref.whatsappId }, 'session request failed'),
    );
    this.running.set(ref.whatsappId, { session, subscription });
    this.logger.info({ whatsappId: ref.whatsappId, generation: lease.generation }, 'running session');
    try {
      await session.start({ ...options, resumingConnected: row.status === 'CONNECTED' && !options.pairingPhoneNumber });
    } catch (error) {
      this.logger.error({ err: error, whatsappId: ref.whatsappId }, 'session failed to start; releasing it');
      this.drop(ref.whatsappId);
      await this.leases.release(this.replicaId, [ref.whatsappId]).catch(() => undefined);
    }
  }

  /** Requests for a session this replica runs. */
  private async serve(session: RunningSession, request: OwnerRequest): Promise<unknown> {
    switch (request.op) {
      case 'start':
        if (!(await this.onCurrentProvider(session))) return;
        return session.restart({ pairingPhoneNumber: request.pairingPhoneNumber });
      case 'reset':
        if (!(await this.onCurrentProvider(session))) return;
        return session.reset();
      case 'disconnect':
        return session.disconnect();
      case 'remove':
        this.drop(session.ref.whatsappId);
        return session.remove();
      case 'command':
        if (request.companyId !== session.ref.companyId) throw new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
        return session.execute(request.command);
    }
  }

  /**
   * Puts a running session on the driver of its connection's current provider (PUT /whatsapp
   * changed it). False when no driver here runs that provider: the session is stopped and shown
   * DISCONNECTED (provider-unavailable).
   */
  private async onCurrentProvider(session: RunningSession): Promise<boolean> {
    const { companyId, whatsappId } = session.ref;
    const row = await this.state.find(companyId, whatsappId);
    if (!row || row.provider === session.provider) return true;
    const driver = this.drivers.get(row.provider);
    if (driver) {
      this.logger.info(
        { whatsappId, from: session.provider, to: row.provider },
        'provider changed: restarting the session on its new driver',
      );
      await session.switchDriver(driver);
      return true;
    }
    this.logger.warn({ whatsappId, provider: row.provider }, 'no driver for this provider: session stopped');
    this.drop(whatsappId);
    await session.stop();
    const ended = await this.state.endUnowned(companyId, whatsappId, {
      status: 'DISCONNECTED',
      statusReason: 'provider-unavailable',
      qrcode: '',
      pairingCode: '',
    });
    if (ended) this.events.sessionChanged(ended);
    return false;
  }

  private sessionDeps(): RunningSessionDeps {
    return {
      owner: this.replicaId,
      state: this.state,
      events: this.events,
      publisher: this.publisher,
      media: this.media,
      logger: this.logger,
      maxQrCodes: this.config.SESSION_MAX_QR_CODES,
      attemptTimeoutMs: this.config.SESSION_ATTEMPT_TIMEOUT_MS,
      forget: (session) => {
        if (this.running.get(session.ref.whatsappId)?.session === session) this.drop(session.ref.whatsappId);
      },
    };
  }

  private drop(whatsappId: number): void {
    const entry = this.running.get(whatsappId);
    if (!entry) return;
    entry.subscription.unsubscribe();
    this.running.delete(whatsappId);
  }

  private async stopAll(): Promise<void> {
    this.queued.clear();
    const sessions = [...this.running.values()].map(({ session }) => session);
    for (const id of this.runningIds) this.drop(id);
    await Promise.allSettled(sessions.map((session) => session.stop()));
  }
}
