import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '@atrium/logging';
import { LeasedWorkCounters, type LeasedWorkMetrics } from './job-metrics.js';
import type { LeasedRow, RowLeases } from './row-leases.js';

/** What a handler knows of its lease besides the row. */
export interface Lease {
  /**
   * Aborted when the process stops or the lease was lost (it lapsed and another replica took the
   * row): the handler stops at its next safe point and returns; the row stays pending for the next
   * holder, and the work, idempotent by key, repeats nothing.
   */
  signal: AbortSignal;
}

export type LeasedRowHandler = (row: LeasedRow, lease: Lease) => Promise<void>;

export interface LeasedWorkOptions {
  /** Names the work in logs (e.g. `bot turns`). */
  name: string;
  leases: RowLeases;
  /** Does the row's work and marks it done (no longer pending) in its own transaction; a throw holds the row back for `retryAfterMs`. */
  handle: LeasedRowHandler;
  /** How long a lease lasts without a heartbeat (a killed holder's rows return after at most this); renewed every third of it. */
  leaseMs: number;
  /** How often an idle loop looks for rows (`poke` looks at once). */
  pollMs: number;
  /** Rows this process runs at once. */
  concurrency: number;
  /** A row whose run threw is claimable again after this long. */
  retryAfterMs: number;
  /** On stop, how long running handlers may take to return after their signal is aborted. */
  stopTimeoutMs?: number;
  logger: Logger;
}

interface InHand {
  controller: AbortController;
  run: Promise<void>;
  /** The handler returned: its lease is being released (a heartbeat not finding it lost nothing). */
  finished: boolean;
}

/**
 * Rows leased from PostgreSQL and worked on (ADR 020, the second shape of background work): the
 * loop claims rows (RowLeases: one at a time per key, in order, shared by replicas), runs each
 * row's handler up to `concurrency` at once, heartbeats the leases while the handlers run, and
 * releases each row as its handler returns. `stop` (SIGTERM) takes no new row, aborts the handlers'
 * signals, waits for them and releases what it held, so another replica takes over at once; a
 * killed process's rows return when their leases lapse. `metrics` answers what this process did.
 */
export class LeasedWork {
  /** This process in the lease: host and pid say where a row runs (an operator's or a fault test's question). */
  readonly owner = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly counters = new LeasedWorkCounters();
  private readonly inHand = new Map<number, InHand>();
  private heartbeatTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private polling?: Promise<void>;
  private pollAgain = false;
  private started = false;
  private stopping = false;

  constructor(private readonly options: LeasedWorkOptions) {}

  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    this.heartbeatTimer.unref();
    this.poke();
  }

  /** Looks for rows now (a row was just stored), not at the next poll. */
  poke(): void {
    if (!this.started || this.stopping) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    clearTimeout(this.pollTimer);
    this.polling = this.claimWhileFree()
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error, work: this.options.name }, 'leased work: claim failed; polled again'),
      )
      .finally(() => {
        this.polling = undefined;
        if (this.stopping) return;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.poke();
          return;
        }
        this.pollTimer = setTimeout(() => this.poke(), this.options.pollMs);
        this.pollTimer.unref();
      });
  }

  /** Takes no new row, aborts the running handlers' signals, waits for them (up to stopTimeoutMs) and releases their rows. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.pollTimer);
    await this.polling;
    for (const { controller } of this.inHand.values()) controller.abort(new Error('stopping'));
    const runs = Promise.allSettled([...this.inHand.values()].map(({ run }) => run));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, this.options.stopTimeoutMs ?? 30_000).unref());
    await Promise.race([runs, timeout]);
    const left = [...this.inHand.keys()];
    if (left.length > 0) {
      this.options.logger.warn({ work: this.options.name, rows: left }, 'leased work: handlers still running at stop; their rows released');
      await this.options.leases.release(this.owner, left).catch(() => undefined);
    }
  }

  /** Rows this process holds now. */
  get held(): number {
    return this.inHand.size;
  }

  metrics(): LeasedWorkMetrics {
    return this.counters.snapshot();
  }

  private async claimWhileFree(): Promise<void> {
    while (!this.stopping) {
      const free = this.options.concurrency - this.inHand.size;
      if (free <= 0) return;
      const rows = await this.options.leases.claim(this.owner, free, this.options.leaseMs);
      const now = Date.now();
      for (const row of rows) {
        this.counters.claimed(now - row.dueSince.getTime());
        this.run(row);
      }
      if (rows.length < free) return;
    }
  }

  private run(row: LeasedRow): void {
    const controller = new AbortController();
    const started = Date.now();
    const entry: InHand = { controller, run: Promise.resolve(), finished: false };
    entry.run = (async () => {
      let holdMs = 0;
      try {
        await this.options.handle(row, { signal: controller.signal });
        if (!controller.signal.aborted) this.counters.done(Date.now() - started);
      } catch (error) {
        holdMs = this.options.retryAfterMs;
        this.counters.failed();
        this.options.logger.warn({ err: error, work: this.options.name, row: row.id }, 'leased work: run failed; the row is tried again');
      }
      entry.finished = true;
      try {
        await this.options.leases.release(this.owner, [row.id], holdMs);
      } catch (error) {
        this.options.logger.warn({ err: error, work: this.options.name, row: row.id }, 'leased work: lease not released; it lapses');
      }
    })().finally(() => {
      this.inHand.delete(row.id);
      this.poke();
    });
    this.inHand.set(row.id, entry);
  }

  private async heartbeat(): Promise<void> {
    const ids = [...this.inHand.keys()];
    if (ids.length === 0 || this.stopping) return;
    try {
      const held = await this.options.leases.renew(this.owner, ids, this.options.leaseMs);
      for (const id of ids) {
        const entry = this.inHand.get(id);
        if (held.has(id) || !entry || entry.finished || entry.controller.signal.aborted) continue;
        this.counters.leaseLost();
        this.options.logger.warn({ work: this.options.name, row: id }, 'leased work: lease lost; the handler is stopped');
        entry.controller.abort(new Error('lease lost'));
      }
    } catch (error) {
      this.options.logger.warn({ err: error, work: this.options.name }, 'leased work: heartbeat failed; tried again');
    }
  }
}
