// The WhatsApp Cloud API channel (issue 26) through meta-sandbox, on this machine, with everything running.
//  1. inbound: simulated customers write to `numbers` Cloud API numbers at `rate` messages/s for
//     `seconds`; meta-sandbox signs each webhook and posts it to the gateway's /webhooks/whatsapp;
//     an agent's socket listens. Reports p50/p99 from the customer's write (sandbox HTTP) to the
//     agent's socket event (company-<id>-appMessage), lost and duplicated.
//  2. outbound: `outbound` texts through the external API (`POST /api/messages/send`) on one number
//     of 80 messages/s, to customers whose 24-hour window is open, with `throttled` of the sends
//     answered 130429 (rate limit) by meta-sandbox. Reports the rate Meta received them at, pace
//     violations counted by meta-sandbox (over 80 in any second), and every text received once.
// Starts its own platform (fresh database, free ports: identity, tickets, sessions, meta-sandbox, gateway).
// Usage: node bench/cloud-api.mjs [rate=1000] [seconds=10] [numbers=20] [customers=400] [outbound=800] [throttled=20]
import { io } from 'socket.io-client';
import pg from 'pg';
import { parseArguments } from './lib/arguments.mjs';
import { startBenchPlatform } from './lib/bench-platform.mjs';
import { jsonCaller, jsonPoster } from './lib/json-call.mjs';
import { percentile, sleep } from './lib/timing.mjs';

const { positional } = parseArguments(process.argv.slice(2));
const [rate, seconds, numberCount, customerCount, outboundCount, throttledCount] = [1000, 10, 20, 400, 800, 20].map((fallback, i) =>
  Number(positional[i] ?? fallback),
);
const tag = String(process.pid);
const { platform } = await startBenchPlatform({
  apps: ['identity', 'tickets', 'sessions', 'meta-sandbox'],
  tag,
  // BENCH_LOG=1: the apps' output on stderr
  ...(process.env.BENCH_LOG ? { log: (line) => console.error(line) } : {}),
  env: {
    INBOUND_MAX_AGE_SECONDS: '3600',
    EXTERNAL_API_RATE_LIMIT: '100000000',
    META_SANDBOX_STATUS_DELAY_MS: '0',
  },
});
const api = platform.urls.api;
const metaUrl = `http://127.0.0.1:${platform.ports['meta-sandbox']}`;
const call = jsonCaller(api);
const meta = jsonPoster(metaUrl, { sockets: 128 });

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

function socketOf(token) {
  const socket = io(api, { transports: ['websocket'], query: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { 'p50 ms': percentile(sorted, 50), 'p99 ms': percentile(sorted, 99), 'max ms': sorted.at(-1) };
};

try {
  const root = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
  const plan = await call('POST', '/plans', { name: `Bench cloud ${tag}`, users: 0, connections: 0, queues: 0, value: 0 }, root.token);
  const email = `bench-cloud-${tag}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Bench cloud ${tag}`, email, password: 'secret123', planId: plan.id });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;

  // the business numbers at meta-sandbox and their `cloud` connections (the credentials are checked at Meta on create)
  const numbers = [];
  for (let i = 0; i < numberCount; i += 1) {
    const number = {
      phoneNumberId: `77${tag}${String(i).padStart(3, '0')}`,
      wabaId: `88${tag}${String(i).padStart(3, '0')}`,
      accessToken: `EAAG-bench-${tag}-${i}`,
      appSecret: `bench-secret-${tag}-${i}`,
      messagesPerSecond: 80,
      webhookUrl: `${api}/webhooks/whatsapp`,
    };
    await call('POST', `${metaUrl}/_sandbox/numbers`, number);
    const connection = await call('POST', '/whatsapp', { name: `Cloud ${i}`, provider: 'cloud', ...number }, admin.token);
    numbers.push({ ...number, id: connection.id });
  }
  const socket = await socketOf(admin.token);

  // 1. inbound
  const sentAt = new Map();
  const seen = new Set();
  const latencies = [];
  let duplicates = 0;
  socket.on(`company-${companyId}-appMessage`, (payload) => {
    if (payload.action !== 'create' || payload.message.fromMe) return;
    const body = payload.message.body;
    if (!body.startsWith('bench ')) return;
    if (seen.has(body)) {
      duplicates += 1;
      return;
    }
    seen.add(body);
    const at = sentAt.get(body);
    if (at !== undefined) latencies.push(Date.now() - at);
  });
  const customers = Array.from({ length: customerCount }, (_, i) => ({
    waId: `5511966${String(i).padStart(6, '0')}`,
    number: numbers[i % numbers.length],
  }));
  const total = rate * seconds;
  let failures = 0;
  const inFlight = new Set();
  const begun = Date.now();
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((Date.now() - begun) / 1000) * rate));
    while (sent < due) {
      const seq = sent;
      sent += 1;
      const customer = customers[seq % customers.length];
      const body = `bench ${seq}`;
      sentAt.set(body, Date.now());
      const request = meta(`/_sandbox/customers/${customer.waId}/messages`, {
        phoneNumberId: customer.number.phoneNumberId,
        text: body,
      })
        .catch(() => (failures += 1))
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await sleep(5);
  }
  const sendSeconds = (Date.now() - begun) / 1000;
  await Promise.all(inFlight);
  const deadline = Date.now() + 60_000;
  while (seen.size < total - failures && Date.now() < deadline) await sleep(100);
  const drained = (Date.now() - begun) / 1000;
  const [stored] = await ownerQuery(
    `select count(*)::int n, count(distinct wid)::int u from tickets.messages where company_id = $1 and body like 'bench %'`,
    [companyId],
  );
  console.log(
    `inbound: ${total} messages from ${customerCount} customers to ${numberCount} Cloud API numbers at ${rate}/s: written in ${sendSeconds.toFixed(1)} s, ` +
      `all in by ${drained.toFixed(1)} s; webhook failures ${failures}; stored ${stored.n} (${stored.u} distinct)`,
  );
  console.table({
    'webhook → agent socket': {
      expected: total - failures,
      received: seen.size,
      lost: total - failures - seen.size,
      duplicated: duplicates,
      ...stats(latencies),
    },
  });

  // 2. outbound on the first number, to customers who wrote to it first (their windows open), five
  // texts each: Meta's pair limit (CLOUD_PAIR_BURST at once, then one per 6 s) stays out of the way
  const sender = numbers[0];
  const { token } = await call('POST', `/whatsapp/${sender.id}/token`, undefined, admin.token);
  const recipients = Array.from({ length: Math.ceil(outboundCount / 5) }, (_, i) => `5521977${String(i).padStart(6, '0')}`);
  await Promise.all(
    recipients.map((waId) => meta(`/_sandbox/customers/${waId}/messages`, { phoneNumberId: sender.phoneNumberId, text: 'oi' })),
  );
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(250)) {
    const [{ n }] = await ownerQuery(`select count(*)::int n from tickets.customer_windows where company_id = $1 and whatsapp_id = $2`, [
      companyId,
      sender.id,
    ]);
    if (n >= recipients.length + customers.filter((customer) => customer.number === sender).length) break;
  }
  const statsBefore = await call('GET', `${metaUrl}/_sandbox/stats`);
  if (throttledCount > 0)
    await call('POST', `${metaUrl}/_sandbox/errors`, { phoneNumberId: sender.phoneNumberId, code: 130429, count: throttledCount });
  const outBegun = Date.now();
  const answers = await Promise.allSettled(
    Array.from({ length: outboundCount }, (_, i) =>
      call('POST', '/api/messages/send', { number: recipients[i % recipients.length], body: `out ${i}` }, token),
    ),
  );
  const refused = answers.filter((answer) => answer.status === 'rejected').length;
  const reasons = new Map();
  for (const answer of answers)
    if (answer.status === 'rejected') {
      const reason = String(answer.reason?.message ?? answer.reason)
        .replace(/^POST \S+: /, '')
        .slice(0, 120);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  let sent = [];
  const outDeadline = Date.now() + 120_000;
  while (Date.now() < outDeadline) {
    sent = (await call('GET', `${metaUrl}/_sandbox/sent?phoneNumberId=${sender.phoneNumberId}`)).sent.filter((record) =>
      record.body.text?.body?.startsWith('out '),
    );
    if (sent.length >= outboundCount - refused) break;
    await sleep(250);
  }
  const statsAfter = await call('GET', `${metaUrl}/_sandbox/stats`);
  const texts = sent.map((record) => record.body.text.body);
  const distinct = new Set(texts).size;
  const times = sent.map((record) => record.at).sort((a, b) => a - b);
  const spanSeconds = times.length > 1 ? (times.at(-1) - times[0]) / 1000 : 0;
  console.log(
    `outbound: ${outboundCount} texts through the external API on one number (80/s), ${throttledCount} answered 130429 and retried: ` +
      `accepted ${outboundCount - refused}, refused ${refused}; Meta received ${texts.length} (${distinct} distinct) in ${spanSeconds.toFixed(1)} s ` +
      `(${spanSeconds > 0 ? Math.round((texts.length - 1) / spanSeconds) : '-'}/s), all by ${((Date.now() - outBegun) / 1000).toFixed(1)} s; ` +
      `pace violations ${statsAfter.paceViolations - statsBefore.paceViolations}; lost ${outboundCount - refused - distinct}, duplicated ${texts.length - distinct}`,
  );
  if (reasons.size > 0) console.table(Object.fromEntries([...reasons].map(([reason, count]) => [reason, { count }])));
  const unsent = await ownerQuery(
    `select body, ack, error from tickets.messages where company_id = $1 and whatsapp_id = $2 and from_me and body like 'out %' and (wid is null or ack < 1)`,
    [companyId, sender.id],
  );
  if (unsent.length > 0) console.log('accepted texts stored but not sent:', unsent.slice(0, 5));
  socket.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await platform.stop();
}
