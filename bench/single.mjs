// Memory and start time of the two modes of the backend (issue 29): `npm start`'s platform with
// every app, in `multi` mode (a process per service and the gateway) and in `single` mode
// (apps/single: all of them in one process), each with the demo company running (its sandbox
// connection paired, wa-sandbox's simulated customers writing to it, as `npm start` sets it up).
// Reports, per mode, the resident memory (VmRSS) of the backend processes once idle, and the time
// from starting them (built, migrations applied) until every one answers /health/ready.
// Exits 1 when the single process is over its budget (400 MiB).
// Usage: node bench/single.mjs [idleSeconds=30] [--mode both|single|multi] [--budget 400]
// Build first (npm run build). The sandboxes run beside both modes and are not counted.
import { readFileSync } from 'node:fs';
import { freePorts, startPlatform, APPS, SINGLE_APP } from '../tools/platform.mjs';
import { DEMO_SANDBOX_ENV, ensureDemoConnection } from '../tools/lib/demo-connection.mjs';
import { parseArguments } from './lib/arguments.mjs';
import { jsonCaller } from './lib/json-call.mjs';
import { sleep } from './lib/timing.mjs';

const { positional, flags } = parseArguments(process.argv.slice(2));
const idleSeconds = Number(positional[0] ?? 30);
const modes = (flags.mode ?? 'both') === 'both' ? ['multi', 'single'] : [flags.mode];
const budgetMib = Number(flags.budget ?? 400);
const BACKEND = new Set([...SINGLE_APP.composes, SINGLE_APP.name]);

const residentMib = (pid) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function measure(mode) {
  const tag = `single${process.pid}${mode}`;
  const names = [...APPS.map((app) => app.name), 'web', 'smtp'];
  const free = await freePorts(names.length);
  const platform = await startPlatform({
    mode,
    build: false,
    web: false,
    database: `atrium_bench_${tag}`,
    dropDatabaseOnStop: true,
    ports: Object.fromEntries(names.map((name, index) => [name, free[index]])),
    env: {
      ...DEMO_SANDBOX_ENV,
      LOG_LEVEL: 'warn',
      NATS_SUBJECT_PREFIX: `bench${tag}.`,
      REDIS_PREFIX: `bench:${tag}:`,
      BAILEYS_ENABLED: 'false',
    },
    log: () => {},
  });
  try {
    const api = platform.urls.api;
    await ensureDemoConnection(api);
    const call = jsonCaller(api);
    const { token } = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
    for (let waited = 0; waited < 60_000; waited += 500) {
      const connections = await call('GET', '/whatsapp?session=0', undefined, token);
      if (connections.some((connection) => connection.status === 'CONNECTED')) break;
      await sleep(500);
    }
    await sleep(idleSeconds * 1000);
    const backend = platform.processes().filter((replica) => BACKEND.has(replica.app));
    const rss = Object.fromEntries(backend.map((replica) => [replica.app, Math.round(residentMib(replica.pid))]));
    const total = Object.values(rss).reduce((sum, value) => sum + value, 0);
    // start time: the backend processes stopped, then started again together until all are ready
    await Promise.all(backend.map((replica) => replica.kill('SIGTERM')));
    const began = Date.now();
    await Promise.all(backend.map((replica) => replica.restart()));
    const startSeconds = (Date.now() - began) / 1000;
    return { mode, processes: backend.length, rss, total, startSeconds, load: loadAverage() };
  } finally {
    await platform.stop();
  }
}

const results = [];
for (const mode of modes) {
  const result = await measure(mode);
  results.push(result);
  console.log(
    `${mode}: ${result.processes} backend process(es), idle RSS ${result.total} MiB (${Object.entries(result.rss)
      .map(([app, mib]) => `${app} ${mib}`)
      .join(', ')}); started in ${result.startSeconds.toFixed(1)} s; load ${result.load}`,
  );
}
const single = results.find((result) => result.mode === 'single');
if (single && single.total > budgetMib) {
  console.error(`single process over its budget: ${single.total} MiB > ${budgetMib} MiB`);
  process.exit(1);
}
process.exit(0);
