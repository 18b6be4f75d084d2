// The API's hot paths on this machine, with autocannon: a request's latency with one client and the
// throughput with ten. Starts its own platform (fresh database, free ports, own NATS/Redis prefixes:
// identity, tickets, sessions, wa-sandbox and the gateway), signs up a company with a connected
// sandbox number, lets a customer write `history` messages (one ticket, accepted by the admin),
// then measures each route `seconds` with 1 client, then with `connections` clients, `rounds` times.
//
// Usage: node bench/api.mjs [seconds=10] [connections=10] [history=40] [routes=all] [rounds=1]
// `routes`: a comma-separated list of the rows' keys (version,me,messages,tickets,send,settings,users,login).
//
// Before/after in the same conditions: BENCH_COMPARE_ROOT=<another built checkout> starts a second
// platform from that checkout beside this one, and every measurement runs on both, one right after
// the other (the order alternating by round), so both see the same load; each figure is the median
// of the rounds, with its range.
import autocannon from 'autocannon';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts, startPlatform } from '../tools/platform.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const history = Number(process.argv[4] ?? 40);
const only = process.argv[5] && process.argv[5] !== 'all' ? new Set(process.argv[5].split(',')) : null;
const rounds = Number(process.argv[6] ?? 1);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = [here, ...(process.env.BENCH_COMPARE_ROOT ? [path.resolve(process.env.BENCH_COMPARE_ROOT)] : [])];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(method, url, body, token, headers = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A platform from `root`; a company, its admin, a connected sandbox number and one accepted ticket with `history` customer messages. */
async function startStack(root, index) {
  const [gateway, identity, tickets, sessions, sandbox, smtp] = await freePorts(6);
  const tag = `${process.pid}x${index}`;
  const platform = await startPlatform({
    root,
    build: false,
    web: false,
    apps: ['identity', 'tickets', 'sessions', 'wa-sandbox'],
    database: `atrium_bench_${tag}`,
    dropDatabaseOnStop: true,
    ports: { gateway, identity, tickets, sessions, 'wa-sandbox': sandbox, smtp },
    env: {
      LOG_LEVEL: 'warn',
      NATS_SUBJECT_PREFIX: `bench${tag}.`,
      REDIS_PREFIX: `bench:${tag}:`,
      LOGIN_FREE_FAILURES_PER_IP: '1000000',
      LOGIN_FREE_FAILURES_PER_ACCOUNT_IP: '1000000',
      BAILEYS_ENABLED: 'false',
      SANDBOX_AUTO_SCAN_MS: '200',
      SANDBOX_DEMO: 'false',
      // the agent's sends are measured, not WhatsApp's pacing of one number
      SEND_MIN_GAP_MS: '0',
    },
    log: () => {},
  });
  // autocannon may resolve localhost to ::1, where the gateway (0.0.0.0) does not listen
  const api = platform.urls.api.replace('localhost', '127.0.0.1');
  const sandboxUrl = `http://127.0.0.1:${sandbox}`;
  try {
    const superUser = await call('POST', `${api}/auth/login`, { email: 'admin@admin.com', password: '123456' });
    const plan = await call(
      'POST',
      `${api}/plans`,
      { name: `Bench ${tag}`, users: 0, connections: 0, queues: 0, value: 0 },
      superUser.token,
    );
    const email = `bench-${tag}@example.com`;
    await call('POST', `${api}/companies/cadastro`, { name: `Bench ${tag}`, email, password: 'secret123', planId: plan.id });
    const admin = await call('POST', `${api}/auth/login`, { email, password: 'secret123' });
    const queue = await call('POST', `${api}/queue`, { name: 'Atendimento', color: '#123456' }, admin.token);
    const connection = await call('POST', `${api}/whatsapp`, { name: 'Bench', provider: 'sandbox', queueIds: [queue.id] }, admin.token);
    let number;
    for (let tries = 0; !number; tries += 1) {
      if (tries > 300) throw new Error('the connection did not connect');
      await sleep(200);
      number = (await call('GET', `${api}/whatsapp`, undefined, admin.token)).find(
        (w) => w.id === connection.id && w.status === 'CONNECTED',
      )?.number;
    }
    for (let i = 0; i < history; i += 1) {
      await call('POST', `${sandboxUrl}/messages`, { from: '5511955000001', to: number, pushName: 'Cliente', body: `mensagem ${i}` });
    }
    let ticket;
    for (let tries = 0; !ticket; tries += 1) {
      if (tries > 300) throw new Error('the customer messages were not stored');
      await sleep(200);
      const page = await call('GET', `${api}/tickets?status=pending&showAll=true`, undefined, admin.token);
      ticket = page.tickets.find((t) => t.contact?.number === '5511955000001');
      if (ticket && (await call('GET', `${api}/messages/${ticket.id}?markRead=false`, undefined, admin.token)).count < history)
        ticket = undefined;
    }
    await call('PUT', `${api}/tickets/${ticket.id}`, { status: 'open', userId: admin.user.id }, admin.token);
    return { root, platform, api, token: admin.token, ticketId: ticket.id };
  } catch (error) {
    await platform.stop();
    throw error;
  }
}

function routesOf(stack) {
  const auth = { authorization: `Bearer ${stack.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  return [
    ['version', 'GET /version (gateway only)', { path: '/version' }],
    ['me', 'GET /auth/me', { path: '/auth/me', headers: auth }],
    ['messages', `GET /messages/{ticketId} (page 1, ${history}+ messages)`, { path: `/messages/${stack.ticketId}`, headers: auth }],
    ['tickets', 'GET /tickets (open tab, page 1)', { path: '/tickets?status=open&showAll=true', headers: auth }],
    ['settings', 'GET /settings', { path: '/settings', headers: auth }],
    ['users', 'GET /users?pageNumber=1', { path: '/users?pageNumber=1', headers: auth }],
    [
      'send',
      'POST /messages/{ticketId} (text)',
      { path: `/messages/${stack.ticketId}`, method: 'POST', headers: json, body: JSON.stringify({ body: 'resposta do bench' }) },
    ],
    [
      'login',
      'POST /auth/login (argon2id; at most 8 clients)',
      {
        path: '/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
      },
    ],
  ].filter(([key]) => !only || only.has(key));
}

function measure(stack, options, clients) {
  return new Promise((resolve, reject) => {
    const { path: route, ...rest } = options;
    autocannon({ url: stack.api + route, duration: seconds, connections: clients, ...rest }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const figure = (values, digits = 0) =>
  values.length === 1
    ? values[0].toFixed(digits)
    : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

const stacks = [];
try {
  for (const [index, root] of roots.entries()) stacks.push(await startStack(root, index));
  const keys = routesOf(stacks[0]).map(([key, title]) => ({ key, title }));
  const results = new Map(); // `${key} ${stack}` → [{ one, many }]
  for (let round = 0; round < rounds; round += 1) {
    for (const { key } of keys) {
      const order = round % 2 === 0 ? stacks : [...stacks].reverse();
      for (const stack of order) {
        const options = routesOf(stack).find(([k]) => k === key)[2];
        const one = await measure(stack, options, 1);
        const many = await measure(stack, options, key === 'login' ? Math.min(connections, 8) : connections);
        const id = `${key} ${stacks.indexOf(stack)}`;
        results.set(id, [...(results.get(id) ?? []), { one, many }]);
      }
    }
    console.error(`round ${round + 1} of ${rounds} done`);
  }
  const rows = [];
  for (const { key, title } of keys) {
    for (const [index, stack] of stacks.entries()) {
      const runs = results.get(`${key} ${index}`);
      rows.push({
        route: title,
        ...(stacks.length > 1 && { checkout: path.basename(stack.root) }),
        '1 client p50 ms': figure(runs.map((r) => r.one.p50)),
        '1 client p99 ms': figure(runs.map((r) => r.one.p99)),
        [`${connections} clients req/s`]: figure(runs.map((r) => r.many.rps)),
        [`${connections} clients p50 ms`]: figure(runs.map((r) => r.many.p50)),
        failures: runs.reduce((sum, r) => sum + r.one.failures + r.many.failures, 0),
      });
    }
  }
  console.table(rows);
} finally {
  await Promise.allSettled(stacks.map((stack) => stack.platform.stop()));
}
