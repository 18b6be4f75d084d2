import pg from 'pg';
import type { Stack } from '../stack.js';

/** One digest per table the services own. */
export type StateDigest = Map<string, string>;

/**
 * Every stored row the services own, as one digest per table: what a refused write must leave
 * untouched. Left out: what changes on its own (session leases and keys, the sessions replicas'
 * heartbeats, a connection's live status, presence, timestamps), the logins' refresh sessions,
 * the audit log (it records attempts, refused ones too: a failed login is an entry), and the read models other services' events feed (their sources are in the digest, and they
 * follow them a moment later).
 */
export class StoredState {
  private query?: string;

  private constructor(private readonly database: pg.Client) {}

  static async open(stack: Pick<Stack, 'database'>): Promise<StoredState> {
    const database = new pg.Client({ connectionString: stack.database.ownerUrl });
    await database.connect();
    return new StoredState(database);
  }

  async close(): Promise<void> {
    await this.database.end();
  }

  async digest(): Promise<StateDigest> {
    this.query ??= await this.buildQuery();
    const rows = (await this.database.query<{ name: string; digest: string }>(this.query)).rows;
    return new Map(rows.map((row) => [row.name, row.digest]));
  }

  /** The digest once what earlier requests set off (events to other services' read models) has settled. */
  async settled(): Promise<StateDigest> {
    let state = await this.digest();
    for (let i = 0; i < 10; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await this.digest();
      if (changedTables(state, next).length === 0) return next;
      state = next;
    }
    return state;
  }

  private async buildQuery(): Promise<string> {
    const tables = (
      await this.database.query<{ name: string; columns: string }>(
        `select format('%I.%I', table_schema, table_name) as name, string_agg(format('%I', column_name), ', ' order by column_name) as columns
           from information_schema.columns
          where table_schema in ('identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai')
            and table_name not in ('__drizzle_migrations', 'refresh_sessions', 'auth_keys', 'session_leases', 'replicas', 'user_refs', 'whatsapp_refs', 'queue_refs', 'audit_logs')
            and column_name not in ('status', 'qrcode', 'pairing_code', 'retries', 'number', 'online', 'updated_at', 'last_seen_at')
          group by 1 order by 1`,
      )
    ).rows;
    return tables
      .map(
        ({ name, columns }) =>
          `select '${name}' as name, (select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from (select ${columns} from ${name}) x) as digest`,
      )
      .join(' union all ');
  }
}

/** The tables whose digest differs. */
export function changedTables(before: StateDigest, after: StateDigest): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}
