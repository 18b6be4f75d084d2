import type { Query } from 'drizzle-orm';

/** What `ReusableSelect` reads of drizzle's prepared query (node-postgres): its statement, and how it maps rows. */
interface PreparedInternals {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** What `ReusableSelect` reads of a transaction: its session, over one pooled connection. */
interface SessionInternals {
  client: object;
  prepareQuery(query: Query, fields: unknown, name: string, isResponseInArrayMode: boolean): PreparedInternals;
}

/**
 * A hot select built by drizzle once per process and run on any transaction as a named prepared
 * statement (parsed once per connection by PostgreSQL). Building a wide select with drizzle costs
 * tens of microseconds of CPU a call (`is()`, the selection's fields, the SQL text), which on the
 * hot paths (a ticket's view read several times per message) was a tenth of the tickets service's
 * CPU (bench/HISTORY.md, messages-api). `build` uses `sql.placeholder(name)` for every value that
 * varies; `execute` fills them. The statement is kept per pooled connection (the pool reuses its
 * clients), so a call costs drizzle nothing but the row mapping.
 */
export class ReusableSelect<TTx extends object, TPrepared extends { execute(values?: Record<string, unknown>): Promise<unknown> }> {
  private readonly perClient = new WeakMap<object, PreparedInternals>();
  private built?: Pick<PreparedInternals, 'queryString' | 'params' | 'fields' | 'joinsNotNullableMap'>;

  constructor(
    private readonly name: string,
    private readonly build: (tx: TTx, name: string) => TPrepared,
  ) {}

  execute(tx: TTx, values: Record<string, unknown>): ReturnType<TPrepared['execute']> {
    const session = (tx as unknown as { session: SessionInternals }).session;
    let prepared = this.perClient.get(session.client);
    if (!prepared) {
      if (this.built) {
        prepared = session.prepareQuery({ sql: this.built.queryString, params: this.built.params }, this.built.fields, this.name, true);
        prepared.joinsNotNullableMap = this.built.joinsNotNullableMap;
      } else {
        prepared = this.build(tx, this.name) as unknown as PreparedInternals;
        this.built = prepared;
      }
      this.perClient.set(session.client, prepared);
    }
    return prepared.execute(values) as ReturnType<TPrepared['execute']>;
  }
}
