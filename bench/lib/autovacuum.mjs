import pg from 'pg';

/**
 * What autovacuum does, for a PostgreSQL that runs without it (this machine's and CI's server has
 * `autovacuum = off`, conf.d/90-ci.conf; production keeps PostgreSQL's default, on). Without it a
 * new database never gets statistics, and the plans the services' pooled connections prepare on
 * empty tables (named statements, kept per connection) are never replanned: a lookup by id then
 * walks a whole table per row, and a benchmark measures that instead of the platform.
 *
 * Every `naptimeMs` (autovacuum_naptime, 1 min by default) each table of `database` past
 * autovacuum's default thresholds is analyzed (changed rows > 50 + 10 % of its rows) or vacuumed
 * (dead rows > 50 + 20 %, or rows inserted > 1 000 + 20 %), one table after the other, as one
 * autovacuum worker would. Nothing happens when the server runs autovacuum itself. `stop()` ends it.
 */
export async function emulateAutovacuum(connectionString, { naptimeMs = 60_000, log = (line) => console.log(line) } = {}) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const { rows } = await client.query('show autovacuum');
  if (rows[0].autovacuum === 'on') {
    await client.end();
    return { stop: async () => {}, runs: () => [] };
  }
  log(`PostgreSQL runs without autovacuum: the bench analyzes and vacuums its tables as autovacuum would, every ${naptimeMs / 1000} s`);
  const runs = [];
  let stopped = false;
  let wake;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, naptimeMs).unref();
      });
      if (stopped) break;
      const due = await client
        .query(
          `
        select format('%I.%I', s.schemaname, s.relname) as name,
               n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as vacuum,
               n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
        )
        .catch((error) => {
          log(`autovacuum emulation: ${error.message}`);
          return { rows: [] };
        });
      for (const table of due.rows) {
        if (stopped) break;
        if (!table.vacuum && !table.analyze) continue;
        const started = Date.now();
        const command = `${table.vacuum ? 'vacuum' : ''}${table.vacuum && table.analyze ? ' (analyze)' : table.analyze ? 'analyze' : ''} ${table.name}`;
        await client.query(command).catch(() => undefined);
        runs.push({ at: new Date(started).toISOString(), command, ms: Date.now() - started });
      }
    }
  })();
  return {
    runs: () => runs,
    stop: async () => {
      stopped = true;
      wake?.();
      await loop.catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
