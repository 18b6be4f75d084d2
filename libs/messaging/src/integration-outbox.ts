import type { IntegrationEvent, IntegrationEventMap, IntegrationEventName } from '@atrium/contracts';
import type { Database, OutboxTable, Tx } from '@atrium/database';
import type { Logger } from '@atrium/logging';
import { asc, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { newIntegrationEvent, type IntegrationEvents } from './integration.events.js';

/** What `add` needs of a transaction: any service's drizzle transaction. */
export type OutboxTx = Pick<Tx<Record<string, unknown>>, 'insert' | 'execute'>;

export interface IntegrationOutboxOptions {
  database: Database<Record<string, unknown>>;
  /** The service's `outbox` table (libs/database outboxTable). */
  table: OutboxTable;
  events: IntegrationEvents;
  /** PostgreSQL NOTIFY channel that wakes the relay when a transaction with events commits. */
  channel: string;
  logger: Logger;
  /** The relay also looks every this many ms (a notification missed while reconnecting). */
  pollMs?: number;
}

const BATCH = 100;

/**
 * The transactional outbox (ARCHITECTURE rule 4, docs/adr/006): `add` writes an integration
 * event in the transaction of the change it announces, so both commit or neither does; the relay
 * (woken by the commit's NOTIFY, and every pollMs) publishes staged events to JetStream in order
 * and deletes them. Replicas relay side by side (`for update skip locked`); an event published
 * but not yet deleted when a process dies is published again with its id, which JetStream
 * de-duplicates (and handlers are idempotent anyway).
 */
export class IntegrationOutbox {
  private listener?: pg.Client;
  private connecting?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;

  constructor(private readonly options: IntegrationOutboxOptions) {}

  /** Stages an event in the change's transaction; it is published after that transaction commits. */
  async add<N extends IntegrationEventName>(
    tx: OutboxTx,
    name: N,
    companyId: number,
    payload: IntegrationEventMap[N],
  ): Promise<IntegrationEvent<N>> {
    const event = newIntegrationEvent(name, companyId, payload);
    const { table, channel } = this.options;
    const insert = tx
      .insert(table)
      .values({ eventId: event.id, name, companyId, payload, occurredAt: new Date(event.occurredAt) })
      .returning({ seq: table.seq });
    // one round trip: the row, and the wake-up PostgreSQL delivers to the relays on commit
    await tx.execute(sql`with staged as (${insert.getSQL()}) select pg_notify(${channel}, '') from staged`);
    return event;
  }

  /** Starts relaying (CoreModule calls it on application bootstrap). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.listen();
    this.timer = setInterval(() => {
      void this.listen();
      this.relaySoon();
    }, this.options.pollMs ?? 5_000);
    this.timer.unref();
    this.relaySoon();
  }

  /** Finishes the batch in hand, then stops (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([this.running, this.connecting]);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** Relays now, or again right after the relay in progress. */
  relaySoon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.relayAll()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'outbox relay failed: retried on the next wake-up'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.relaySoon();
        }
      });
  }

  /** Publishes the staged events in order, a batch per transaction, until none is left. */
  private async relayAll(): Promise<void> {
    const { table } = this.options;
    for (let relayed = BATCH; relayed === BATCH && !this.stopped;) {
      relayed = await this.options.database.asSystem(async (tx) => {
        const rows = await tx.select().from(table).orderBy(asc(table.seq)).limit(BATCH).for('update', { skipLocked: true });
        for (const row of rows) {
          const event = {
            id: row.eventId,
            name: row.name,
            companyId: row.companyId,
            occurredAt: row.occurredAt.toISOString(),
            payload: row.payload,
          };
          await this.options.events.publish(event as IntegrationEvent);
        }
        if (rows.length > 0)
          await tx.delete(table).where(
            inArray(
              table.seq,
              rows.map((row) => row.seq),
            ),
          );
        return rows.length;
      });
    }
  }

  /** A connection of its own (not the pool's) LISTENing to the channel; re-opened on the next poll when it is lost. */
  private listen(): Promise<void> {
    if (this.listener || this.stopped) return Promise.resolve();
    this.connecting ??= this.openListener().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async openListener(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.database.pool.options.connectionString });
    try {
      client.on('notification', () => this.relaySoon());
      client.on('error', () => {
        if (this.listener === client) this.listener = undefined;
        void client.end().catch(() => undefined);
      });
      await client.connect();
      await client.query(`LISTEN "${this.options.channel}"`);
      if (this.stopped) await client.end();
      else this.listener = client;
    } catch (error) {
      await client.end().catch(() => undefined);
      this.options.logger.warn({ err: error }, 'outbox: cannot listen for commits; relaying on the poll only');
    }
  }
}
