import { sql, type SQL } from 'drizzle-orm';

/** A transaction that runs SQL (a drizzle transaction). */
export interface SqlTransaction {
  execute(query: SQL): Promise<{ rows: unknown[] }>;
}

/** Opens a transaction that row-level security lets through for every company (the service's `Database.asSystem`). */
export interface SystemDatabase {
  asSystem<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
}

/**
 * A table whose rows are leased (ADR 020): it has the columns `leased_by text` and
 * `leased_until timestamptz` (null when free), an integer primary key, and a condition that says
 * which rows still have work.
 */
export interface LeasedTable {
  /** PostgreSQL schema of the table (the service's, e.g. `ai`). */
  schema: string;
  table: string;
  /** The integer primary key column. */
  id: string;
  /**
   * Columns naming the key whose rows run one at a time, oldest first (a ticket:
   * `['company_id', 'ticket_id']`); empty when every row is its own key.
   */
  key: string[];
  /** Columns ordering a key's rows, oldest first (`['sequence']`); also the order keys are served in. */
  order: string[];
  /** The condition over the table's own columns that makes a row one with work left (`status = 'pending'`). */
  pending: SQL;
  /** When a row's work became due (for the wait metric), e.g. `created_at`. */
  dueSince: SQL;
  /** Columns handed to the handler besides the id (snake_case), e.g. `['company_id', 'ticket_id']`. */
  columns: string[];
}

/** A leased row as the handler sees it: its id, the listed columns, and when its work became due. */
export interface LeasedRow {
  id: number;
  values: Record<string, unknown>;
  dueSince: Date;
}

/**
 * The SQL of leasing a table's rows from PostgreSQL, shared by every replica without a second lock
 * store. A claim takes, for each key with no row in hand (no live lease), only its oldest pending
 * row (`distinct on` the key), locks it `for update skip locked` (two replicas claiming at once
 * never take the same row: the second skips it, and a row whose lease was just taken fails its
 * own lease check when PostgreSQL re-reads it), and writes the lease. A key's next row is claimable
 * once its previous one is done (no longer pending) and released: so a key's rows run one at a
 * time, in order, across replicas. A lease that is not renewed lapses, and its row is claimable
 * again (its holder died).
 */
export class RowLeases {
  constructor(
    private readonly database: SystemDatabase,
    private readonly leased: LeasedTable,
  ) {}

  /** Leases up to `limit` rows to `owner` for `leaseMs`. */
  async claim(owner: string, limit: number, leaseMs: number): Promise<LeasedRow[]> {
    if (limit <= 0) return [];
    const { key, order, pending, dueSince } = this.leased;
    const table = this.table();
    const id = sql.identifier(this.leased.id);
    const keyColumns = key.map((column) => sql.identifier(column));
    const sameKey = key.length
      ? sql.join(
          key.map((column) => sql`held.${sql.identifier(column)} = candidate.${sql.identifier(column)}`),
          sql` and `,
        )
      : sql`held.${id} = candidate.${id}`;
    const distinct = key.length ? sql`distinct on (${sql.join(keyColumns, sql`, `)})` : sql``;
    const keyOrder = key.length ? sql`${sql.join(keyColumns, sql`, `)}, ` : sql``;
    const rowOrder = sql.join(
      order.map((column) => sql`candidate.${sql.identifier(column)}`),
      sql`, `,
    );
    const returned = sql.join(
      this.leased.columns.map((column) => sql`${table}.${sql.identifier(column)}`),
      sql`, `,
    );
    const rows = await this.database.asSystem((tx) =>
      tx.execute(sql`
        with oldest as (
          select ${distinct} ${id} as id from ${table}
          where ${pending}
          order by ${keyOrder}${sql.join(
            order.map((column) => sql.identifier(column)),
            sql`, `,
          )}
        ),
        free as (
          select candidate.${id} as id from ${table} candidate
          join oldest on oldest.id = candidate.${id}
          where (candidate.leased_until is null or candidate.leased_until <= now())
            and not exists (select 1 from ${table} held where ${sameKey} and held.leased_until > now())
          order by ${rowOrder}
          limit ${limit}
          for update of candidate skip locked
        )
        update ${table} set leased_by = ${owner}, leased_until = now() + ${leaseMs} * interval '1 millisecond'
        from free where ${table}.${id} = free.id
        returning ${table}.${id} as "id", (${dueSince}) as "due_since"${this.leased.columns.length ? sql`, ${returned}` : sql``}
      `),
    );
    return (rows.rows as Array<Record<string, unknown>>).map(({ id: rowId, due_since, ...values }) => ({
      id: Number(rowId),
      values,
      dueSince: due_since instanceof Date ? due_since : new Date(String(due_since)),
    }));
  }

  /** Extends the owner's leases on these rows; answers the ids still held (a missing one was lost: it lapsed and another took it). */
  async renew(owner: string, ids: number[], leaseMs: number): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const table = this.table();
    const id = sql.identifier(this.leased.id);
    const rows = await this.database.asSystem((tx) =>
      tx.execute(sql`
        update ${table} set leased_until = now() + ${leaseMs} * interval '1 millisecond'
        where ${id} = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)}) and leased_by = ${owner}
        returning ${id} as "id"
      `),
    );
    return new Set((rows.rows as Array<{ id: number }>).map((row) => Number(row.id)));
  }

  /**
   * Gives the owner's leases on these rows up: at once (`holdMs` 0: another replica may claim them
   * now) or after `holdMs` (a failed row waits that long before it is tried again, its key with it).
   */
  async release(owner: string, ids: number[], holdMs = 0): Promise<void> {
    if (ids.length === 0) return;
    const table = this.table();
    const id = sql.identifier(this.leased.id);
    const until = holdMs > 0 ? sql`now() + ${holdMs} * interval '1 millisecond'` : sql`null`;
    await this.database.asSystem((tx) =>
      tx.execute(sql`
        update ${table} set leased_by = null, leased_until = ${until}
        where ${id} = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)}) and leased_by = ${owner}
      `),
    );
  }

  private table(): SQL {
    return sql`${sql.identifier(this.leased.schema)}.${sql.identifier(this.leased.table)}`;
  }
}
