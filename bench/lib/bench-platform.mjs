import pg from 'pg';
import { freePorts, startPlatform } from '../../tools/platform.mjs';

function ownerClient(database) {
  return new pg.Client({
    connectionString: `postgres://${process.env.ATRIUM_PG_USER ?? 'postgres'}@${process.env.ATRIUM_PG_HOST ?? '127.0.0.1'}:${process.env.ATRIUM_PG_PORT ?? 5432}/${database}`,
  });
}

/**
 * `analyze` of every table of the benchmark's database: the statistics autovacuum gathers within
 * a minute of a table's first rows, which a run of a few seconds on a new database never sees.
 */
export async function analyzeDatabase(database) {
  const client = ownerClient(database);
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Creates the database beforehand with these settings (`alter database … set`), so every connection the services open has them. */
async function createDatabaseWith(database, settings) {
  const client = ownerClient('postgres');
  await client.connect();
  try {
    await client.query(`create database "${database}"`);
    for (const [name, value] of Object.entries(settings)) await client.query(`alter database "${database}" set ${name} = '${value}'`);
  } finally {
    await client.end();
  }
}

/**
 * The platform a benchmark measures: the named apps (built beforehand), the gateway and a mail
 * catcher on free ports, a fresh database dropped on stop, NATS subjects and Redis keys of this
 * process only, the wa-sandbox scanning QR codes by itself. `env` adds to or overrides that; `log`
 * receives the apps' output lines (dropped by default); `replicas` runs more processes of an app
 * (`{ tickets: 2 }`, tools/platform.mjs); `databaseSettings` are PostgreSQL settings of the
 * database (e.g. `{ track_functions: 'pl' }`).
 */
export async function startBenchPlatform({ apps, env = {}, tag = String(process.pid), log = () => {}, replicas = {}, databaseSettings }) {
  if (databaseSettings) await createDatabaseWith(`atrium_bench_${tag}`, databaseSettings);
  const names = ['gateway', ...apps, 'smtp'];
  const free = await freePorts(names.length);
  const ports = Object.fromEntries(names.map((name, index) => [name, free[index]]));
  const platform = await startPlatform({
    build: false,
    web: false,
    apps,
    database: `atrium_bench_${tag}`,
    replicas,
    dropDatabaseOnStop: true,
    ports,
    env: {
      LOG_LEVEL: 'warn',
      NATS_SUBJECT_PREFIX: `bench${tag}.`,
      REDIS_PREFIX: `bench:${tag}:`,
      BAILEYS_ENABLED: 'false',
      SANDBOX_AUTO_SCAN_MS: '200',
      SANDBOX_ACK_DELAY_MS: '100',
      SANDBOX_DEMO: 'false',
      ...env,
    },
    log,
  });
  return { platform, sandboxUrl: `http://127.0.0.1:${ports['wa-sandbox']}`, database: `atrium_bench_${tag}` };
}
