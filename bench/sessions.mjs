// WhatsApp sessions on this machine, through the simulated network (wa-sandbox):
//   1. memory per idle sandbox session in one sessions process (RSS growth / sessions),
//   2. inbound messages per second through that one process (sandbox → sessions → JetStream),
//   3. outbound sends per second under per-number pacing (SEND_MIN_GAP_MS).
// Starts a platform of its own (fresh database, free ports; identity, sessions, wa-sandbox and the
// gateway), run `npm run build` first. Usage:
//   node bench/sessions.mjs [sessions=200] [messages=5000] [gapMs=1000] [numbersForSends=10] [sendsPerNumber=5]
import { readdirSync, readFileSync } from 'node:fs';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import WebSocket from 'ws';
import { PrefixedNatsClient, RpcClient } from '@atrium/messaging';
import { freePorts, startPlatform } from '../tools/platform.mjs';
import { connectSandboxSessions } from './lib/sandbox-sessions.mjs';
import { sleep } from './lib/timing.mjs';

const [SESSIONS, MESSAGES, GAP_MS, SEND_NUMBERS, SENDS_PER_NUMBER] = [200, 5000, 1000, 10, 5].map((fallback, i) =>
  Number(process.argv[2 + i] ?? fallback),
);
const prefix = `bench${process.pid}.`;
const [gateway, identity, sessions, sandbox, smtp] = await freePorts(5);
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const platform = await startPlatform({
  build: process.env.BENCH_BUILD === '1',
  web: false,
  apps: ['identity', 'sessions', 'wa-sandbox'],
  database: `atrium_bench_${process.pid}`,
  dropDatabaseOnStop: true,
  ports: { gateway, identity, sessions, 'wa-sandbox': sandbox, smtp },
  env: {
    LOG_LEVEL: 'warn',
    NATS_SUBJECT_PREFIX: prefix,
    REDIS_PREFIX: `bench:${process.pid}:`,
    BAILEYS_ENABLED: 'false',
    SANDBOX_AUTO_SCAN_MS: '50',
    SANDBOX_ACK_DELAY_MS: '200',
    SANDBOX_OUTBOX_LIMIT: String(MESSAGES * 2),
    SESSION_CLAIM_BATCH: String(SESSIONS),
    SESSION_LEASE_RENEW_MS: '1000',
    SEND_MIN_GAP_MS: String(GAP_MS),
    SEND_MAX_QUEUE: String(SENDS_PER_NUMBER + 10),
    INBOUND_MAX_AGE_SECONDS: '3600',
  },
  log: () => {},
});
const sandboxUrl = `http://127.0.0.1:${sandbox}`;

/** The sessions process of this platform (found by its script and subject prefix). */
function sessionsPid() {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('apps/sessions/dist/main.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(`NATS_SUBJECT_PREFIX=${prefix}`)) return Number(entry);
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error('sessions process not found');
}

/**
 * The process's memory after full garbage collections, read through its inspector (SIGUSR1 opens
 * it on 127.0.0.1:9229): heap used + external memory, which RSS alone blurs with V8's heap sizing.
 */
async function heapOf(pid) {
  process.kill(pid, 'SIGUSR1');
  let targets;
  for (let attempt = 0; attempt < 50 && !targets; attempt += 1) {
    targets = await fetch('http://127.0.0.1:9229/json/list')
      .then((r) => r.json())
      .catch(() => undefined);
    if (!targets) await sleep(100);
  }
  if (!targets?.[0]) throw new Error('the sessions process opened no inspector on 127.0.0.1:9229');
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const callId = ++id;
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== callId) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: callId, method, params }));
    });
  try {
    await sleep(3000);
    for (let i = 0; i < 3; i += 1) await send('HeapProfiler.collectGarbage');
    const result = await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const usage = JSON.parse(result.result.value);
    return { heap: usage.heapUsed + usage.external, rss: usage.rss };
  } finally {
    socket.close();
  }
}

const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
await db.connect();
const nats = await connect({ servers: 'nats://127.0.0.1:4222' });
const rpc = new RpcClient(new PrefixedNatsClient({ servers: 'nats://127.0.0.1:4222' }, prefix));
const results = [];

try {
  const pid = sessionsPid();
  const companyId = (await db.query('select id from identity.companies where is_platform limit 1')).rows[0].id;
  const baseline = await heapOf(pid);

  // 1. N sandbox connections, as rows the replica claims on its next sweep.
  const { ids, connectedIn } = await connectSandboxSessions(db, companyId, SESSIONS, { timeoutMs: 300_000, pollMs: 200 });
  const loaded = await heapOf(pid);
  results.push({ measure: `idle sandbox sessions in one sessions process`, value: SESSIONS });
  results.push({ measure: 'time until all were CONNECTED (claim, connect, QR, auto-scan)', value: `${(connectedIn / 1000).toFixed(1)} s` });
  results.push({
    measure: 'sessions process heap+external after GC, before / after',
    value: `${mib(baseline.heap)} MiB / ${mib(loaded.heap)} MiB`,
  });
  results.push({ measure: 'sessions process RSS before / after', value: `${mib(baseline.rss)} MiB / ${mib(loaded.rss)} MiB` });
  results.push({
    measure: 'memory per idle sandbox session (heap+external after GC)',
    value: `${((loaded.heap - baseline.heap) / SESSIONS / 1024).toFixed(1)} KiB`,
  });

  // 2. Inbound throughput: customers write to every number as fast as the sandbox takes it; count what lands on the stream.
  const numbers = (await db.query("select number from sessions.whatsapps where status = 'CONNECTED' order by id")).rows.map(
    (row) => row.number,
  );
  const manager = await jetstreamManager(nats);
  const stream = `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}INBOUND`;
  const before = (await manager.streams.info(stream)).state.messages;
  const inboundStart = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < MESSAGES) {
        const n = next++;
        await fetch(`${sandboxUrl}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            from: `55119${String(n % 10_000).padStart(8, '0')}`,
            to: numbers[n % numbers.length],
            body: `mensagem ${n}`,
          }),
        });
      }
    }),
  );
  const postedIn = Date.now() - inboundStart;
  for (;;) {
    const stored = (await manager.streams.info(stream)).state.messages - before;
    if (stored >= MESSAGES) break;
    if (Date.now() - inboundStart > 600_000) throw new Error(`only ${stored} of ${MESSAGES} messages reached the stream`);
    await sleep(50);
  }
  const inboundMs = Date.now() - inboundStart;
  results.push({ measure: `inbound messages (customers → sandbox → sessions → JetStream)`, value: MESSAGES });
  results.push({ measure: 'sandbox accepted them in', value: `${(postedIn / 1000).toFixed(1)} s` });
  results.push({ measure: 'inbound messages per second, live (customers → stream)', value: Math.round(MESSAGES / (inboundMs / 1000)) });

  // The same, without the sandbox's HTTP intake in the way: the sessions process is paused
  // (SIGSTOP) while customers write, then resumed; what it drains per second is its own rate.
  const backlogBefore = (await manager.streams.info(stream)).state.messages;
  process.kill(pid, 'SIGSTOP');
  let queued = 0;
  try {
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (queued < MESSAGES) {
          const n = queued++;
          await fetch(`${sandboxUrl}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              from: `55118${String(n % 10_000).padStart(8, '0')}`,
              to: numbers[n % numbers.length],
              body: `fila ${n}`,
            }),
          });
        }
      }),
    );
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  const drainStart = Date.now();
  for (;;) {
    const stored = (await manager.streams.info(stream)).state.messages - backlogBefore;
    if (stored >= MESSAGES) break;
    if (Date.now() - drainStart > 600_000) throw new Error(`only ${stored} of ${MESSAGES} queued messages reached the stream`);
    await sleep(20);
  }
  results.push({
    measure: 'inbound messages per second through one sessions process (backlog drain)',
    value: Math.round(MESSAGES / ((Date.now() - drainStart) / 1000)),
  });
  // A durable consumer reads them back, as the tickets service will.
  await manager.consumers.add(stream, { durable_name: 'bench', ack_policy: AckPolicy.None });
  const consumer = await jetstream(nats).consumers.get(stream, 'bench');
  const readStart = Date.now();
  let read = 0;
  while (read < before + 2 * MESSAGES) {
    const batch = await consumer.fetch({ max_messages: 1000, expires: 2000 });
    for await (const message of batch) if (message) read += 1;
  }
  results.push({
    measure: 'consumer read rate (pull, batches of 1000)',
    value: `${Math.round(read / ((Date.now() - readStart) / 1000))} msg/s`,
  });

  // 3. Outbound: S sends to each of K numbers at once; pacing spaces each number's sends by the gap.
  const senders = ids.slice(0, SEND_NUMBERS);
  const sendStart = Date.now();
  await Promise.all(
    senders.flatMap((whatsappId) =>
      Array.from({ length: SENDS_PER_NUMBER }, (_, i) =>
        rpc.request(
          'sessions.outbound.command',
          { companyId, whatsappId, command: { type: 'sendText', to: '5511987650000', body: `envio ${i}` } },
          { timeoutMs: 60_000 },
        ),
      ),
    ),
  );
  const sendMs = Date.now() - sendStart;
  const total = SEND_NUMBERS * SENDS_PER_NUMBER;
  results.push({
    measure: `outbound: ${SENDS_PER_NUMBER} sends to each of ${SEND_NUMBERS} numbers, gap ${GAP_MS} ms`,
    value: `${(sendMs / 1000).toFixed(1)} s`,
  });
  results.push({
    measure: 'outbound sends per second (all numbers / per number)',
    value: `${(total / (sendMs / 1000)).toFixed(1)} / ${(SENDS_PER_NUMBER / (sendMs / 1000)).toFixed(2)}`,
  });
  console.table(results);
} finally {
  await rpc.close();
  const manager = await jetstreamManager(nats);
  await manager.streams.delete(`${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}INBOUND`).catch(() => undefined);
  await nats.drain();
  await db.end();
  await platform.stop();
}
