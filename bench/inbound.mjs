// Inbound throughput and latency, on this machine, with everything running: wa-sandbox customers
// write to several connections at a steady rate; agents' sockets listen. Reports the rate
// sustained, p50/p99 from the customer's send (sandbox HTTP) to the agent's socket event
// (company-<id>-appMessage), and lost or duplicated messages.
// Starts its own platform (fresh database, free ports: identity, tickets, sessions, wa-sandbox, gateway).
// Usage: node bench/inbound.mjs [rate=500] [seconds=30] [connections=4] [customers=400] [agents=2]
import { io } from 'socket.io-client';
import pg from 'pg';
import { freePorts, startPlatform } from '../tools/platform.mjs';

const [rate, seconds, connectionCount, customerCount, agentCount] = [500, 30, 4, 400, 2].map((fallback, i) => Number(process.argv[i + 2] ?? fallback));
const [gateway, identity, tickets, sessions, sandbox, smtp] = await freePorts(6);
const platform = await startPlatform({
  build: false,
  web: false,
  apps: ['identity', 'tickets', 'sessions', 'wa-sandbox'],
  database: `atrium_bench_${process.pid}`,
  dropDatabaseOnStop: true,
  ports: { gateway, identity, tickets, sessions, 'wa-sandbox': sandbox, smtp },
  env: {
    LOG_LEVEL: 'warn',
    NATS_SUBJECT_PREFIX: `bench${process.pid}.`,
    REDIS_PREFIX: `bench:${process.pid}:`,
    BAILEYS_ENABLED: 'false',
    SANDBOX_AUTO_SCAN_MS: '200',
    SANDBOX_ACK_DELAY_MS: '100',
    SANDBOX_DEMO: 'false',
    INBOUND_MAX_AGE_SECONDS: '3600',
  },
  log: () => {},
});
const api = platform.urls.api;
const sandboxUrl = `http://127.0.0.1:${sandbox}`;

async function call(method, url, body, token, headers = {}) {
  const response = await fetch(url.startsWith('http') ? url : api + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function socketOf(token) {
  const socket = io(api, { transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const root = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
  const plan = await call('POST', '/plans', { name: `Bench ${process.pid}`, users: 0, connections: 0, queues: 0, value: 0 }, root.token);
  const email = `bench-${process.pid}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Bench ${process.pid}`, email, password: 'secret123', planId: plan.id }, undefined, { 'x-forwarded-for': '10.8.8.8' });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;
  const queue = await call('POST', '/queue', { name: 'Atendimento', color: '#123456' }, admin.token);

  const connections = [];
  for (let i = 0; i < connectionCount; i += 1) {
    const created = await call('POST', '/whatsapp', { name: `Bench ${i}`, provider: 'sandbox', queueIds: [queue.id] }, admin.token);
    connections.push(created.id);
  }
  let numbers = [];
  for (let tries = 0; numbers.length < connectionCount; tries += 1) {
    if (tries > 300) throw new Error('connections did not connect');
    await sleep(200);
    const list = await call('GET', '/whatsapp', undefined, admin.token);
    numbers = list.filter((w) => connections.includes(w.id) && w.status === 'CONNECTED' && w.number).map((w) => w.number);
  }

  const agents = [];
  for (let i = 0; i < agentCount; i += 1) {
    const agentEmail = `agent${i}-${process.pid}@example.com`;
    await call('POST', '/users', { name: `Agente ${i}`, email: agentEmail, password: 'secret123', queueIds: [queue.id] }, admin.token);
    const session = await call('POST', '/auth/login', { email: agentEmail, password: 'secret123' });
    agents.push({ socket: await socketOf(session.token), seen: new Map(), duplicates: 0, latencies: [] });
  }

  const sentAt = new Map();
  const event = `company-${companyId}-appMessage`;
  for (const agent of agents) {
    agent.socket.on(event, (payload) => {
      if (payload.action !== 'create' || !payload.message.body.startsWith('bench ')) return;
      const seq = Number(payload.message.body.slice('bench '.length));
      if (agent.seen.has(seq)) {
        agent.duplicates += 1;
        return;
      }
      agent.seen.set(seq, true);
      const at = sentAt.get(seq);
      if (at !== undefined) agent.latencies.push(Date.now() - at);
    });
  }

  const customers = Array.from({ length: customerCount }, (_, i) => `5511955${String(i).padStart(6, '0')}`);
  const total = rate * seconds;
  let sent = 0;
  let failures = 0;
  const inFlight = new Set();
  const started = Date.now();
  while (sent < total) {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
    while (sent < due) {
      const seq = sent;
      sent += 1;
      // each customer writes to one connection (a customer has one conversation per number)
      const customer = customers[seq % customers.length];
      const business = numbers[(seq % customers.length) % numbers.length];
      sentAt.set(seq, Date.now());
      const request = call('POST', `${sandboxUrl}/messages`, { from: customer, to: business, pushName: `Cliente ${customer.slice(-4)}`, body: `bench ${seq}` })
        .catch(() => (failures += 1))
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await sleep(5);
  }
  const sendSeconds = (Date.now() - started) / 1000;
  await Promise.all(inFlight);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && agents.some((a) => a.seen.size < total - failures)) await sleep(100);
  const drainedSeconds = (Date.now() - started) / 1000;

  const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
  db.on('error', () => {});
  await db.connect();
  const stored = (await db.query(`select count(*)::int n, count(distinct wid)::int u from tickets.messages where company_id = $1 and body like 'bench %'`, [companyId])).rows[0];
  const ticketCount = (await db.query('select count(*)::int n from tickets.tickets where company_id = $1', [companyId])).rows[0].n;
  await db.end();

  const rows = agents.map((agent, i) => {
    const sorted = [...agent.latencies].sort((a, b) => a - b);
    return {
      socket: `agent ${i}`,
      received: agent.seen.size,
      lost: total - failures - agent.seen.size,
      duplicated: agent.duplicates,
      'p50 ms': percentile(sorted, 50),
      'p99 ms': percentile(sorted, 99),
      'max ms': sorted.at(-1),
    };
  });
  console.log(
    `${total} messages from ${customerCount} customers to ${connectionCount} connections at ${rate}/s for ${seconds} s: ` +
      `sent in ${sendSeconds.toFixed(1)} s (${Math.round(total / sendSeconds)}/s), all events in by ${drainedSeconds.toFixed(1)} s ` +
      `(${Math.round(total / drainedSeconds)}/s end to end); send failures ${failures}; stored ${stored.n} (${stored.u} distinct), tickets ${ticketCount}`,
  );
  console.table(rows);
  for (const agent of agents) agent.socket.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await platform.stop();
}
