// WhatsApp sessions over two sessions replicas (issue 17), through the simulated network (wa-sandbox):
//   1. time until N sandbox sessions are all connected, split over replicas A and B by fair shares,
//   2. memory per idle session (RSS growth of both processes / N),
//   3. B killed outright (SIGKILL): time until A runs all N (B's leases lapse after SESSION_LEASE_TTL_MS,
//      then A claims and reconnects B's sessions, SESSION_CONNECT_CONCURRENCY at a time),
//   4. customers writing at a steady rate the whole time: inbound rate while it happens, and every
//      message on the inbound stream exactly once (nothing lost, nothing doubled).
// Starts identity, sessions (A), wa-sandbox and the gateway through bench/lib/bench-platform.mjs,
// then replica B as a second process with A's environment (health port 19801). Build first
// (`npm run build`). Usage:
//   node bench/sessions-replicas.mjs [sessions=5000] [messagesPerSecond=100] [connectConcurrency=50]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { startBenchPlatform } from './lib/bench-platform.mjs';
import { connectSandboxSessions } from './lib/sandbox-sessions.mjs';
import { sleep } from './lib/timing.mjs';

const [SESSIONS, RATE, CONCURRENCY] = [5000, 100, 50].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
const REPLICA_B_HEALTH_PORT = 19801;
const tag = `h8r${process.pid}`;
const prefix = `bench${tag}.`;
/** The inbound stream of this platform (libs/contracts' inboundStreamName, without loading the contracts). */
const inboundStreamName = (subjectPrefix) => `${subjectPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}INBOUND`;
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const { platform, sandboxUrl } = await startBenchPlatform({
  apps: ['identity', 'sessions', 'wa-sandbox'],
  tag,
  env: {
    // Production lease timing: the takeover measured is the one a deployment gets.
    SESSION_LEASE_TTL_MS: '15000',
    SESSION_LEASE_RENEW_MS: '5000',
    SESSION_CONNECT_CONCURRENCY: String(CONCURRENCY),
    SEND_MIN_GAP_MS: '0',
    SANDBOX_AUTO_SCAN_MS: '50',
    SANDBOX_QR_INTERVAL_MS: '120000',
    INBOUND_MAX_AGE_SECONDS: '3600',
    DATABASE_POOL_MAX: '20',
  },
});

/** The pid of this platform's sessions process (found by its script and subject prefix). */
function sessionsPid() {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('apps/sessions/dist/main.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(`NATS_SUBJECT_PREFIX=${prefix}`)) return Number(entry);
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error('sessions process not found');
}

const environOf = (pid) =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** Replica B: the same program and environment as A, another name and health port. */
async function startReplicaB(pidA) {
  const env = { ...environOf(pidA), SESSIONS_REPLICA_ID: 'replica-b', HEALTH_PORT: String(REPLICA_B_HEALTH_PORT) };
  const child = spawn(process.execPath, ['apps/sessions/dist/main.js'], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const began = Date.now(); ; await sleep(200)) {
    const ready = await fetch(`http://127.0.0.1:${REPLICA_B_HEALTH_PORT}/health/ready`).catch(() => null);
    if (ready?.status === 200) return child;
    if (child.exitCode !== null) throw new Error(`replica B exited with ${child.exitCode}`);
    if (Date.now() - began > 60_000) throw new Error('replica B not ready within 60 s');
  }
}

const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
await db.connect();
const nats = await connect({ servers: 'nats://127.0.0.1:4222' });
const results = [];
let replicaB;

async function owners() {
  const { rows } = await db.query(
    "select coalesce(owner, '(none)') as owner, count(*)::int as n from sessions.session_leases group by 1 order by 1",
  );
  return Object.fromEntries(rows.map((row) => [row.owner, row.n]));
}
async function sandboxConnected() {
  const sessions = await fetch(`${sandboxUrl}/sessions`).then((r) => r.json());
  return { connected: sessions.filter((s) => s.connected).length, replaced: sessions.reduce((sum, s) => sum + s.replaced, 0) };
}

/** Customers write to random numbers at `rate` per second until stopped; answers the ids the sandbox accepted. */
function customersWrite(numbers, rate) {
  const ids = [];
  let stopped = false;
  let failures = 0;
  const began = Date.now();
  const running = (async () => {
    let sent = 0;
    const inFlight = new Set();
    while (!stopped) {
      const due = Math.floor(((Date.now() - began) / 1000) * rate);
      while (sent < due && inFlight.size < 64) {
        const n = sent++;
        const request = fetch(`${sandboxUrl}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            from: `55117${String(n % 100_000).padStart(8, '0')}`,
            to: numbers[Math.floor(Math.random() * numbers.length)],
            body: `pedido ${n}`,
          }),
        })
          .then(async (response) => (response.ok ? ids.push((await response.json()).id) : (failures += 1)))
          .catch(() => (failures += 1))
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      await sleep(10);
    }
    await Promise.all(inFlight);
  })();
  return {
    ids,
    async stop() {
      stopped = true;
      await running;
      return { ids, failures, ms: Date.now() - began };
    },
  };
}

try {
  const pidA = sessionsPid();
  replicaB = await startReplicaB(pidA);
  await sleep(10_000); // both settled after start-up, as the loaded figure is taken 10 s after the last connect
  const baseline = rssOf(pidA) + rssOf(replicaB.pid);
  const companyId = (await db.query('select id from identity.companies where is_platform limit 1')).rows[0].id;

  // 1. N sandbox connections as rows both replicas claim (each up to its share: N/2).
  const { connectedIn } = await connectSandboxSessions(db, companyId, SESSIONS, { timeoutMs: 900_000, pollMs: 500 });
  const split = await owners();
  results.push({ measure: 'sandbox sessions over two sessions replicas', value: SESSIONS });
  results.push({ measure: 'time until all were CONNECTED (claim, connect, QR, auto-scan, pairing)', value: seconds(connectedIn) });
  results.push({ measure: 'sessions per replica after start-up', value: JSON.stringify(split) });

  await sleep(10_000);
  const loaded = rssOf(pidA) + rssOf(replicaB.pid);
  results.push({ measure: 'RSS of A + B before / with the idle sessions', value: `${mib(baseline)} MiB / ${mib(loaded)} MiB` });
  results.push({
    measure: 'memory per idle session (RSS growth / sessions)',
    value: `${((loaded - baseline) / SESSIONS / 1024).toFixed(1)} KiB`,
  });

  // 2. Customers write steadily; B dies; A takes over B's sessions.
  const numbers = (await db.query("select number from sessions.whatsapps where status = 'CONNECTED'")).rows.map((row) => row.number);
  const manager = await jetstreamManager(nats);
  const stream = inboundStreamName(prefix);
  const storedBefore = (await manager.streams.info(stream)).state.messages;
  const customers = customersWrite(numbers, RATE);
  await sleep(5000);
  const ofB = split['replica-b'] ?? 0;
  const killedAt = Date.now();
  replicaB.kill('SIGKILL');
  let firstTakenAt = 0;
  let takenOverAt = 0;
  let stored = storedBefore;
  const timeline = [];
  for (;;) {
    const current = await owners();
    const { connected, replaced } = await sandboxConnected();
    const held = current['replica-b'] ?? 0;
    stored = (await manager.streams.info(stream)).state.messages;
    timeline.push({ s: ((Date.now() - killedAt) / 1000).toFixed(0), heldByB: held, connected, stored: stored - storedBefore });
    if (!firstTakenAt && held < ofB) firstTakenAt = Date.now();
    if (held === 0 && connected === SESSIONS) {
      takenOverAt = Date.now();
      if (replaced > 0) results.push({ measure: 'sessions connected twice at the sandbox (must be 0)', value: replaced });
      break;
    }
    if (Date.now() - killedAt > 600_000)
      throw new Error(`takeover not done after 600 s: ${JSON.stringify(current)}, ${connected} connected`);
    await sleep(500);
  }
  await sleep(5000);
  const { ids: sent, failures, ms: writingMs } = await customers.stop();

  // 3. Every accepted message on the stream exactly once.
  const drainedBy = Date.now() + 120_000;
  while ((await manager.streams.info(stream)).state.messages - storedBefore < sent.length && Date.now() < drainedBy) await sleep(500);
  const lastStoredAt = Date.now();
  await manager.consumers.add(stream, { durable_name: 'bench', ack_policy: AckPolicy.None });
  const consumer = await jetstream(nats).consumers.get(stream, 'bench');
  const copies = new Map();
  const total = (await manager.streams.info(stream)).state.messages;
  for (let read = 0; read < total;) {
    const batch = await consumer.fetch({ max_messages: 1000, expires: 2000 });
    for await (const message of batch) {
      read += 1;
      const event = message.json();
      if (event.type === 'message') copies.set(event.message.id, (copies.get(event.message.id) ?? 0) + 1);
    }
  }
  const lost = sent.filter((id) => !copies.has(id)).length;
  const doubled = sent.filter((id) => (copies.get(id) ?? 0) > 1).length;

  results.push({ measure: `sessions of the killed replica B (SIGKILL)`, value: ofB });
  results.push({ measure: 'lease lifetime / renew interval / connects at once', value: `15 s / 5 s / ${CONCURRENCY}` });
  results.push({ measure: 'kill → first of B’s sessions claimed by A', value: seconds(firstTakenAt - killedAt) });
  results.push({ measure: `kill → all ${SESSIONS} running on A and connected at the sandbox`, value: seconds(takenOverAt - killedAt) });
  results.push({ measure: 'first claim → all reconnected (A reconnecting B’s sessions)', value: seconds(takenOverAt - firstTakenAt) });
  results.push({
    measure: 'customers’ messages accepted by the sandbox (rate asked)',
    value: `${sent.length} in ${seconds(writingMs)} (${RATE}/s), ${failures} refused`,
  });
  results.push({
    measure: 'inbound rate reaching the stream, whole window',
    value: `${Math.round((sent.length / (lastStoredAt - (killedAt - 5000))) * 1000)}/s`,
  });
  results.push({ measure: 'messages lost / stored twice', value: `${lost} / ${doubled}` });
  console.table(results);
  console.log('takeover timeline (s after the kill; B’s leases, connected at the sandbox, messages stored):');
  console.log(
    timeline
      .filter((_, i) => i % 4 === 0)
      .map((t) => `${t.s}s B=${t.heldByB} conn=${t.connected} stored=${t.stored}`)
      .join('\n'),
  );
} finally {
  if (replicaB && replicaB.exitCode === null && replicaB.signalCode === null) replicaB.kill('SIGKILL');
  const manager = await jetstreamManager(nats);
  await manager.streams.delete(inboundStreamName(prefix)).catch(() => undefined);
  await nats.drain();
  await db.end();
  await platform.stop();
}
