import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { BusyError } from '@atrium/contracts';
import { SCOPE_SETTING, SYSTEM_SCOPE, TENANT_GROUP_SETTING, TENANT_SETTING } from './tenant-policy.js';

export type Db<TSchema extends Record<string, unknown>> = NodePgDatabase<TSchema>;
export type Tx<TSchema extends Record<string, unknown>> = Parameters<Parameters<Db<TSchema>['transaction']>[0]>[0];

/**
 * A pool of pipelined connections: a query is written to the server without waiting for the
 * answers to the ones before it (each still gets its own result or error, in order). So a
 * transaction's opening travels with its first query, and queries issued together
 * (`Promise.all`) share one round trip (ADR 009).
 */
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000, pipeline: true });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor a checked-out one (the server stopped mid-transaction): its queries fail, and
  // Database.transaction then releases it as broken, so the pool does not hand it out again.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('connect', coalesceWrites);
  return pool;
}

/**
 * The queries written to a connection in one turn of work (a transaction's opening and its first
 * query, queries issued together) leave in one write to the socket, not one each: the socket is
 * corked at the turn's first write and uncorked once the turn's promise callbacks have run
 * (process.nextTick). On a loaded machine each write to PostgreSQL's socket costs tens to
 * hundreds of microseconds of the service's CPU (bench/HISTORY.md, chatbot).
 */
function coalesceWrites(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  if (!stream || typeof stream.cork !== 'function') return;
  const write = stream.write;
  let corked = false;
  stream.write = function (this: Writable, ...args: Parameters<Writable['write']>) {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    return write.apply(this, args);
  } as Writable['write'];
}

/** What pg-pool throws when no connection came free within `connectionTimeoutMillis`. */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * Every connection of the pool stayed busy for `connectionTimeoutMillis`: nothing of the
 * transaction ran, so the caller may try again (a BusyError: 503 ERR_SERVICE_UNAVAILABLE with
 * `retryAfterSeconds`, not an unexpected 500). The contracts are imported as types only:
 * drizzle-kit loads this file with the schemas, without reflect-metadata.
 */
export class DatabaseBusyError extends Error implements BusyError {
  readonly busy = true as const;
  readonly retryAfterSeconds = 1;

  constructor(cause: Error) {
    super('database busy: no connection of the pool came free in time', { cause });
    this.name = 'DatabaseBusyError';
  }
}

function poolBusy(error: unknown): DatabaseBusyError | undefined {
  return error instanceof Error && error.message === POOL_TIMEOUT ? new DatabaseBusyError(error) : undefined;
}

/** Runs a company's part of a group's transaction (`Database.withTenantGroup`) with that company as the tenant. */
export type TenantScope<TSchema extends Record<string, unknown>> = <R>(
  companyId: number,
  work: (tx: Tx<TSchema>) => Promise<R>,
) => Promise<R>;

/** A transaction of a group of companies (`Database.withTenantGroup`), or of one company seen as a group of one (`tenantGroupOf`). */
export interface TenantGroup<TSchema extends Record<string, unknown>> {
  companyIds: number[];
  /** Statements over the group's companies: each names its companies itself. */
  all: Tx<TSchema>;
  /** A company's statements, with that company as the tenant. */
  as: TenantScope<TSchema>;
}

/** `withTenant`'s transaction as a group of its one company: code written for groups runs on it unchanged. */
export function tenantGroupOf<TSchema extends Record<string, unknown>>(companyId: number, tx: Tx<TSchema>): TenantGroup<TSchema> {
  return {
    companyIds: [companyId],
    all: tx,
    as: (id, work) => (id === companyId ? work(tx) : Promise.reject(new Error(`company ${id} is not of the transaction's group`))),
  };
}

function assertTenant(companyId: number): void {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`invalid tenant id ${companyId}`);
}

/**
 * A service's connection. Tenant data is reached only through `withTenant`, which opens a
 * transaction and sets the company that row-level security lets through; `asSystem` is the
 * explicit, greppable way out for the few cross-tenant operations (login by e-mail, super admin).
 *
 * A transaction's opening (`begin` and the setting, one simple-protocol message) is written
 * without waiting for its answer: on the pipelined connection the work's first queries follow it
 * in the same round trip, so a transaction costs its queries' round trips plus the commit. Should
 * the opening fail, every statement after it fails too (the transaction is aborted, or never
 * began, and then the setting applied to that message alone: row-level security lets nothing
 * through), and the opening's error is the one thrown.
 */
export class Database<TSchema extends Record<string, unknown>> {
  readonly db: Db<TSchema>;
  private readonly dialect = new PgDialect();
  /** The relational-query configuration drizzle built from the schema, shared by every transaction. */
  private readonly relational: { fullSchema: TSchema; schema: ExtractTablesWithRelations<TSchema>; tableNamesMap: Record<string, string> };

  constructor(
    readonly pool: pg.Pool,
    schema: TSchema,
  ) {
    this.db = drizzle(pool, { schema });
    this.relational = { fullSchema: this.db._.fullSchema, schema: this.db._.schema!, tableNamesMap: this.db._.tableNamesMap };
  }

  withTenant<T>(companyId: number, work: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    assertTenant(companyId);
    return this.transaction(`begin; select set_config('${TENANT_SETTING}', '${companyId}', true)`, (client) =>
      work(this.transactionOn(client)),
    );
  }

  /**
   * One transaction for a group of companies' work (one commit for all, their statements sharing
   * round trips). `work` gets the group: `all`, whose statements see and write the rows of every
   * company of the group (row-level security lets the group's companies through: each statement
   * names its companies itself, e.g. `company_id = any(...)` or rows carrying their company), and
   * `as(companyId, tx => …)`, whose statements each run with that one company as the tenant, as in
   * `withTenant`. On the pipelined connection the server runs statements in the order they were
   * written, so each statement is written right behind the settings of its scope (when the
   * statement before it had another). One failing statement fails them all (the transaction is
   * rolled back): the caller then does each company's work on its own.
   */
  withTenantGroup<T>(companyIds: number[], work: (group: TenantGroup<TSchema>) => Promise<T>): Promise<T> {
    companyIds.forEach(assertTenant);
    const members = new Set(companyIds);
    return this.transaction(
      'begin',
      async (client) => {
        let current: number | 'group' | undefined;
        let over = false;
        const scoped = (scope: number | 'group'): Tx<TSchema> => {
          const settings =
            scope === 'group'
              ? `select set_config('${TENANT_SETTING}', '', true), set_config('${TENANT_GROUP_SETTING}', '{${companyIds.join(',')}}', true)`
              : `select set_config('${TENANT_SETTING}', '${scope}', true), set_config('${TENANT_GROUP_SETTING}', '', true)`;
          const scopedClient = {
            query: (...args: unknown[]) => {
              // a statement issued after the work ended would run outside it, on a connection given to someone else
              if (over) return Promise.reject(new Error('the shared transaction is over'));
              if (current !== scope) {
                current = scope;
                // its failure aborts the transaction, so the statement behind it fails too: that error is the one seen
                client.query(settings).catch(() => undefined);
              }
              return (client.query as (...queryArgs: unknown[]) => unknown)(...args);
            },
          } as unknown as pg.PoolClient;
          return this.transactionOn(scopedClient);
        };
        const all = scoped('group');
        const as: TenantScope<TSchema> = (companyId, companyWork) => {
          assertTenant(companyId);
          if (!members.has(companyId)) return Promise.reject(new Error(`company ${companyId} is not of the transaction's group`));
          return companyWork(scoped(companyId));
        };
        try {
          return await work({ companyIds, all, as });
        } finally {
          over = true;
        }
      },
      // Deferred constraint triggers (tickets' dashboard rollups) would run at the commit under the
      // last scope's settings, with every company's changes: they run just before it instead, as
      // the system, once no work of a company can issue a statement (the rows they read were
      // checked against their own company when written).
      `select set_config('${SCOPE_SETTING}', '${SYSTEM_SCOPE}', true); set constraints all immediate`,
    );
  }

  asSystem<T>(work: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    return this.transaction(`begin; select set_config('${SCOPE_SETTING}', '${SYSTEM_SCOPE}', true)`, (client) =>
      work(this.transactionOn(client)),
    );
  }

  /** `opening` is built here from validated integers and constants only: it is sent as it is. */
  /**
   * `closing`, when given, is sent right before the commit, in the same round trip: should it
   * fail, the transaction is aborted and PostgreSQL answers the commit with a rollback, so its
   * error is the one thrown.
   */
  private async transaction<T>(opening: string, work: (client: pg.PoolClient) => Promise<T>, closing?: string): Promise<T> {
    const client = await this.pool.connect().catch((error: unknown) => {
      throw poolBusy(error) ?? error;
    });
    const opened: Promise<unknown> = client.query(opening).then(
      () => undefined,
      (error: unknown) => error ?? new Error('the transaction did not open'),
    );
    try {
      const result = await work(client);
      const failedOpening = await opened;
      if (failedOpening) throw failedOpening;
      const [closed, committed] = await Promise.allSettled([closing ? client.query(closing) : undefined, client.query('commit')]);
      if (closed.status === 'rejected') throw closed.reason;
      if (committed.status === 'rejected') throw committed.reason;
      client.release();
      return result;
    } catch (error) {
      const failedOpening = await opened;
      try {
        await client.query('rollback');
        client.release();
      } catch (rollbackError) {
        // a connection that cannot roll back is not given to anyone else
        client.release(rollbackError instanceof Error ? rollbackError : true);
      }
      throw failedOpening ?? error;
    }
  }

  /** Drizzle's transaction object over one checked-out connection (what `db.transaction` builds, minus its awaited `begin`). */
  private transactionOn(client: pg.PoolClient): Tx<TSchema> {
    const session = new NodePgSession(client, this.dialect, this.relational);
    return new NodePgTransaction(this.dialect, session, this.relational) as unknown as Tx<TSchema>;
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Is this a PostgreSQL unique-violation on the named constraint (or any, when none is named)? */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => {
    const pgError = e as { code?: string; constraint?: string } | null;
    return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
  });
}
