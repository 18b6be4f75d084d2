// Inbound throughput and latency, on this machine, with everything running: wa-sandbox customers
// write to several connections at a steady rate; agents' sockets listen. Reports the rate
// sustained, p50/p99 from the customer's send (sandbox HTTP) to the agent's socket event
// (company-<id>-appMessage), and lost or duplicated messages.
// Starts its own platform (fresh database, free ports: identity, tickets, sessions, wa-sandbox, gateway).
// Usage: node bench/inbound.mjs [rate=500] [seconds=30] [connections=4] [customers=400] [agents=2] [warmupSeconds=5] [companies=1]
//          [--tickets-replicas 2] [--rollup-trigger off]
// `--tickets-replicas` runs that many tickets processes (the durable consumer spreads the stream
// over them); `--rollup-trigger off` switches off the dashboard rollups' trigger (tickets.
// dashboard_daily, migration 0018) before the load, to measure what it costs.
// `connections` and `agents` are per company; `customers` and `rate` are totals, spread evenly
// over the companies. The warm-up writes at the same rate first (every customer's contact and
// ticket exist, the processes' code is compiled, PostgreSQL has statistics) and is not measured;
// 0 measures from cold.
import pg from 'pg';
import { parseArguments } from './lib/arguments.mjs';
import { startBenchPlatform } from './lib/bench-platform.mjs';
import { jsonCaller, jsonPoster } from './lib/json-call.mjs';
import { openRawSocketIo } from './lib/raw-socketio.mjs';
import { cpuBetween, cpuSnapshot } from './lib/process-cpu.mjs';
import { waitUntilConnected } from './lib/sandbox-sessions.mjs';
import { percentile, sleep } from './lib/timing.mjs';

const { positional, flags } = parseArguments(process.argv.slice(2));
const [rate, seconds, connectionCount, customerCount, agentCount, warmupSeconds, companyCount] = [500, 30, 4, 400, 2, 5, 1].map(
  (fallback, i) => Number(positional[i] ?? fallback),
);
const ticketsReplicas = Number(flags['tickets-replicas'] ?? 1);
const rollupTrigger = flags['rollup-trigger'] ?? 'on';
const { platform, sandboxUrl, database } = await startBenchPlatform({
  apps: ['identity', 'tickets', 'sessions', 'wa-sandbox'],
  replicas: { tickets: ticketsReplicas },
  // the rollups' trigger function's calls and time (pg_stat_user_functions)
  databaseSettings: { track_functions: 'pl' },
  env: {
    INBOUND_MAX_AGE_SECONDS: '3600',
    // tuning knobs to try: INBOUND_CONCURRENCY, INBOUND_BATCH_SIZE, INBOUND_MAX_IN_HAND, DATABASE_POOL_MAX
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('INBOUND_') || name === 'DATABASE_POOL_MAX')),
  },
});
const api = platform.urls.api;

async function ownerQuery(text, values) {
  const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
  db.on('error', () => {});
  await db.connect();
  try {
    return (await db.query(text, values)).rows;
  } finally {
    await db.end();
  }
}

const call = jsonCaller(api);

/**
 * An agent's socket (bench/lib/raw-socketio.mjs: the frames arrive undecoded, and only the
 * appMessage creates are parsed, so the client's cost is not inside the figures of the machine it
 * measures). It reconnects as the web client does; a drop is counted apart (`drops`), and the
 * messages it missed while away count as lost.
 */
async function socketOf(token, companyId, agent) {
  const appMessageCreate = `42["company-${companyId}-appMessage",{"action":"create"`;
  const { socket, ready } = openRawSocketIo({
    url: api,
    token,
    onEvent: (text) => {
      if (text.startsWith(appMessageCreate)) agent.onCreate(JSON.parse(text.slice(2))[1]);
    },
    on: { disconnect: () => (agent.drops += 1) },
  });
  if (!(await ready)) throw new Error("an agent's socket did not connect");
  return socket;
}

/** A company with `connectionCount` connected sandbox numbers in one queue and `agentCount` agents of that queue, each with a socket. */
async function setUpCompany(root, plan, index) {
  const email = `bench-${process.pid}-${index}@example.com`;
  const name = `Bench ${process.pid} ${index}`;
  await call('POST', '/companies/cadastro', { name, email, password: 'secret123', planId: plan.id }, undefined, {
    'x-forwarded-for': `10.8.${index >> 8}.${index & 255}`,
  });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const queue = await call('POST', '/queue', { name: 'Atendimento', color: '#123456' }, admin.token);
  const connections = [];
  for (let i = 0; i < connectionCount; i += 1) {
    const created = await call('POST', '/whatsapp', { name: `Bench ${i}`, provider: 'sandbox', queueIds: [queue.id] }, admin.token);
    connections.push(created.id);
  }
  const numbers = (await waitUntilConnected(call, admin.token, connections)).map((w) => w.number);
  const agents = [];
  for (let i = 0; i < agentCount; i += 1) {
    const agentEmail = `agent${i}-${process.pid}-${index}@example.com`;
    await call('POST', '/users', { name: `Agente ${i}`, email: agentEmail, password: 'secret123', queueIds: [queue.id] }, admin.token);
    const session = await call('POST', '/auth/login', { email: agentEmail, password: 'secret123' });
    const agent = {
      expected: 0,
      seen: new Set(),
      duplicates: 0,
      drops: 0,
      latencies: [],
      stages: { in: [], out: [] },
      bySecond: [],
      onCreate: () => {},
    };
    agent.socket = await socketOf(session.token, admin.user.companyId, agent);
    agents.push(agent);
  }
  return { companyId: admin.user.companyId, numbers, agents };
}

try {
  if (rollupTrigger === 'off') await ownerQuery('alter table tickets.ticket_timelines disable trigger dashboard_daily_changed');
  const root = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
  const plan = await call('POST', '/plans', { name: `Bench ${process.pid}`, users: 0, connections: 0, queues: 0, value: 0 }, root.token);
  const companies = [];
  for (let i = 0; i < companyCount; i += 1) companies.push(await setUpCompany(root, plan, i));
  const agents = companies.flatMap((company) => company.agents);

  const sentAt = new Map();
  let sendStarted = Date.now();
  let warmed = 0;
  for (const company of companies) {
    for (const [k, agent] of company.agents.entries()) {
      agent.onCreate = (payload) => {
        if (payload.message.body.startsWith('warm ')) {
          if (k === 0) warmed += 1;
          return;
        }
        if (!payload.message.body.startsWith('bench ')) return;
        const seq = Number(payload.message.body.slice('bench '.length));
        if (agent.seen.has(seq)) {
          agent.duplicates += 1;
          return;
        }
        agent.seen.add(seq);
        const at = sentAt.get(seq);
        if (at === undefined) return;
        const now = Date.now();
        agent.latencies.push(now - at);
        const second = Math.floor((at - sendStarted) / 1000);
        agent.bySecond[second] = Math.max(agent.bySecond[second] ?? 0, now - at);
        // the message's createdAt is its transaction's start: splits the way in two
        const stored = Date.parse(payload.message.createdAt);
        agent.stages.in.push(stored - at);
        agent.stages.out.push(now - stored);
      };
    }
  }

  // customer i belongs to company i % companies and writes to one of its numbers (one conversation per number)
  const customers = Array.from({ length: customerCount }, (_, i) => {
    const company = companies[i % companies.length];
    return {
      number: `5511955${String(i).padStart(6, '0')}`,
      company,
      business: company.numbers[Math.floor(i / companies.length) % company.numbers.length],
    };
  });
  let failures = 0;
  // keep-alive POSTs (fetch costs several times their CPU on the machine the benchmark measures)
  const postToSandbox = jsonPoster(sandboxUrl, { sockets: 128 });
  /** Customers write `count` messages `<label> <n>` at `rate` per second; answers the seconds the sending took, once every POST answered. */
  async function writeAtRate(label, count, onSend = () => {}) {
    const inFlight = new Set();
    const begun = Date.now();
    let sent = 0;
    while (sent < count) {
      const due = Math.min(count, Math.floor(((Date.now() - begun) / 1000) * rate));
      while (sent < due) {
        const seq = sent;
        sent += 1;
        const customer = customers[seq % customers.length];
        onSend(seq, customer);
        const request = postToSandbox('/messages', {
          from: customer.number,
          to: customer.business,
          pushName: `Cliente ${customer.number.slice(-4)}`,
          body: `${label} ${seq}`,
        })
          .catch(() => label === 'bench' && (failures += 1))
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      await sleep(5);
    }
    const seconds = (Date.now() - begun) / 1000;
    await Promise.all(inFlight);
    return seconds;
  }

  if (warmupSeconds > 0) {
    const warmTotal = rate * warmupSeconds;
    const warmExpected = Array.from({ length: warmTotal }, (_, seq) => customers[seq % customers.length].company).filter(
      (c) => c.agents.length > 0,
    ).length;
    await writeAtRate('warm', warmTotal);
    const until = Date.now() + 60_000;
    while (warmed < warmExpected && Date.now() < until) await sleep(100);
    console.log(
      `warm-up: ${warmTotal} messages at ${rate}/s, ${warmed} of ${warmExpected} received by the companies' first agents (not measured)`,
    );
  }

  const total = rate * seconds;
  const cpuBefore = cpuSnapshot(database);
  const started = Date.now();
  sendStarted = started;
  const sendSeconds = await writeAtRate('bench', total, (seq, customer) => {
    sentAt.set(seq, Date.now());
    for (const agent of customer.company.agents) agent.expected += 1;
  });
  const missing = () => agents.some((agent) => agent.seen.size < agent.expected - failures);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && missing()) await sleep(100);
  const drainedSeconds = (Date.now() - started) / 1000;
  const cpu = cpuBetween(cpuBefore, cpuSnapshot(database), drainedSeconds);

  const companyIds = companies.map((company) => company.companyId);
  const [stored] = await ownerQuery(
    `select count(*)::int n, count(distinct wid)::int u from tickets.messages where company_id = any($1) and body like 'bench %'`,
    [companyIds],
  );
  const [{ n: ticketCount }] = await ownerQuery('select count(*)::int n from tickets.tickets where company_id = any($1)', [companyIds]);
  await sleep(1500); // the backends' function statistics are flushed within a second
  const triggerFunctions = await ownerQuery(
    `select funcname, calls::int, round(total_time::numeric, 1)::float total_ms, round(self_time::numeric, 1)::float self_ms from pg_stat_user_functions
     where schemaname = 'tickets' and funcname in ('dashboard_daily_changed', 'dashboard_daily_add', 'ticket_timelines_created', 'ticket_timelines_replied', 'ticket_timelines_changed') order by funcname`,
  );

  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { 'p50 ms': percentile(sorted, 50), 'p99 ms': percentile(sorted, 99), 'max ms': sorted.at(-1) };
  };
  const summary = {
    sockets: agents.length,
    expected: agents.reduce((sum, agent) => sum + agent.expected, 0),
    received: agents.reduce((sum, agent) => sum + agent.seen.size, 0),
    lost: agents.reduce((sum, agent) => sum + Math.max(0, agent.expected - failures - agent.seen.size), 0),
    duplicated: agents.reduce((sum, agent) => sum + agent.duplicates, 0),
    'sockets dropped': agents.reduce((sum, agent) => sum + agent.drops, 0),
    ...stats(agents.flatMap((agent) => agent.latencies)),
  };
  console.log(`tickets replicas: ${ticketsReplicas}; dashboard rollups' trigger: ${rollupTrigger}`);
  console.log(
    `${total} messages from ${customerCount} customers to ${companyCount} ${companyCount === 1 ? 'company' : 'companies'} × ${connectionCount} connections at ${rate}/s for ${seconds} s: ` +
      `sent in ${sendSeconds.toFixed(1)} s (${Math.round(total / sendSeconds)}/s), all events in by ${drainedSeconds.toFixed(1)} s ` +
      `(${Math.round(total / drainedSeconds)}/s end to end); send failures ${failures}; stored ${stored.n} (${stored.u} distinct), tickets ${ticketCount}`,
  );
  console.table({ 'every agent socket': summary });
  console.log(
    'where the time goes: customer send → its transaction starts (sandbox, sessions, stream, waiting batch); transaction start → agent socket (store, commit, events, gateway)',
  );
  console.table({
    'send → transaction start': stats(agents.flatMap((agent) => agent.stages.in)),
    'transaction start → socket': stats(agents.flatMap((agent) => agent.stages.out)),
  });
  const bySecond = [];
  for (const agent of agents) agent.bySecond.forEach((ms, second) => (bySecond[second] = Math.max(bySecond[second] ?? 0, ms)));
  console.log(`slowest message sent in each second (ms): ${Array.from(bySecond, (ms) => ms ?? '-').join(' ')}`);
  console.log(`timeline and dashboard rollup trigger functions over the whole run, warm-up included (pg_stat_user_functions):`);
  console.table(Object.fromEntries(triggerFunctions.map(({ funcname, ...figures }) => [funcname, figures])));
  console.log(`CPU per process from the first send until every event was in (${drainedSeconds.toFixed(1)} s; 2 cores = 200%):`);
  console.table(cpu);
  for (const agent of agents) agent.socket.close();
  postToSandbox.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await platform.stop();
}
