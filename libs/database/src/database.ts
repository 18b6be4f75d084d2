import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SCOPE_SETTING, SYSTEM_SCOPE, TENANT_SETTING } from './tenant-policy.js';

export type Db<TSchema extends Record<string, unknown>> = NodePgDatabase<TSchema>;
export type Tx<TSchema extends Record<string, unknown>> = Parameters<Parameters<Db<TSchema>['transaction']>[0]>[0];

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * A service's connection. Tenant data is reached only through `withTenant`, which opens a
 * transaction and sets the company that row-level security lets through; `asSystem` is the
 * explicit, greppable way out for the few cross-tenant operations (login by e-mail, super admin).
 */
export class Database<TSchema extends Record<string, unknown>> {
  readonly db: Db<TSchema>;

  constructor(
    readonly pool: pg.Pool,
    schema: TSchema,
  ) {
    this.db = drizzle(pool, { schema });
  }

  withTenant<T>(companyId: number, work: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`invalid tenant id ${companyId}`);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config(${TENANT_SETTING}, ${String(companyId)}, true)`);
      return work(tx);
    });
  }

  asSystem<T>(work: (tx: Tx<TSchema>) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config(${SCOPE_SETTING}, ${SYSTEM_SCOPE}, true)`);
      return work(tx);
    });
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
