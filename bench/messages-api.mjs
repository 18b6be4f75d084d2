// The external messaging API (`POST /api/messages/send`, issue 15) at a constant arrival rate:
// `rate` requests a second for `seconds`, evenly spaced (an open loop over up to `clients`
// keep-alive connections, bench/lib/open-loop.mjs; latency from when each request was due), spread
// over `numbers` connected sandbox numbers (one token each) and `customers` recipients, every
// request a distinct text with its own Idempotency-Key. `MESSAGES_API_DRIVER=autocannon` drives it
// with autocannon's `overallRate` instead, as the figures before 2026-11-29 were: each of its
// `clients` connections sends its share at the start of every second, so the requests arrive in one
// burst a second. Reports the rate sustained, latency to the answer (p50/p90/p99), the answers by
// status, and then, from the sandbox, every accepted message delivered exactly once: lost (answered
// 200, never received), duplicated (received twice) and out of order (per number and customer) must
// all be 0; the answer comes once the text is stored, so the script waits for the sends to drain.
//
// Usage: node bench/messages-api.mjs [rate=200] [seconds=20] [numbers=4] [customers=200] [gapMs=0] [clients=100]
// `gapMs` is sessions' SEND_MIN_GAP_MS (a number's pace; 0 measures the API, not WhatsApp's pacing).
// Build first (`npm run build`): the platform runs from dist/.
import autocannon from 'autocannon';
import { startBenchPlatform } from './lib/bench-platform.mjs';
import { jsonCaller } from './lib/json-call.mjs';
import { openLoop } from './lib/open-loop.mjs';
import { percentile, sleep } from './lib/timing.mjs';

const rate = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 20);
const numbers = Number(process.argv[4] ?? 4);
const customers = Number(process.argv[5] ?? 200);
const gapMs = Number(process.argv[6] ?? 0);
const clients = Number(process.argv[7] ?? 100);
const tag = `api${process.pid}`;
const { platform, sandboxUrl } = await startBenchPlatform({
  apps: ['identity', 'tickets', 'sessions', 'wa-sandbox'],
  tag,
  env: {
    SANDBOX_ACK_DELAY_MS: '300',
    SEND_MIN_GAP_MS: String(gapMs),
    SEND_MAX_QUEUE: '100000',
    // the bench measures throughput, not the per-token limit
    EXTERNAL_API_RATE_LIMIT: '100000000',
  },
});
// autocannon may resolve localhost to ::1, where the gateway (0.0.0.0) does not listen
const api = platform.urls.api.replace('localhost', '127.0.0.1');
const call = jsonCaller(api);

try {
  const superUser = await call('POST', `${api}/auth/login`, { email: 'admin@admin.com', password: '123456' });
  const plan = await call(
    'POST',
    `${api}/plans`,
    { name: `Bench API ${tag}`, users: 0, connections: 0, queues: 0, value: 0 },
    superUser.token,
  );
  const email = `bench-api-${tag}@example.com`;
  await call('POST', `${api}/companies/cadastro`, { name: `Bench API ${tag}`, email, password: 'secret123', planId: plan.id });
  const admin = await call('POST', `${api}/auth/login`, { email, password: 'secret123' });
  const connections = [];
  for (let i = 0; i < numbers; i += 1)
    connections.push(await call('POST', `${api}/whatsapp`, { name: `API ${i}`, provider: 'sandbox' }, admin.token));
  let connected = [];
  for (let tries = 0; connected.length < numbers; tries += 1) {
    if (tries > 300) throw new Error('the connections did not connect');
    await sleep(200);
    connected = (await call('GET', `${api}/whatsapp`, undefined, admin.token)).filter((w) => w.status === 'CONNECTED');
  }
  const senders = [];
  for (const connection of connected) {
    const { token } = await call('POST', `${api}/whatsapp/${connection.id}/token`, undefined, admin.token);
    senders.push({ token, business: connection.number });
  }
  const recipients = Array.from({ length: customers }, (_, i) => `55219${String(30_000_000 + i).padStart(8, '0')}`);

  // warm-up: every recipient's contact and ticket exist, on every connection (first sends create them)
  for (const sender of senders) {
    for (let i = 0; i < recipients.length; i += 20) {
      await Promise.all(
        recipients.slice(i, i + 20).map((number) => call('POST', `${api}/api/messages/send`, { number, body: 'warm-up' }, sender.token)),
      );
    }
  }

  const sent = new Map(); // body → { business, number, status, sentAt, answeredAt }
  /** Request n: its token, customer, text and Idempotency-Key (recorded in `sent`). */
  const requestOf = (n) => {
    const sender = senders[n % senders.length];
    const number = recipients[Math.floor(n / senders.length) % recipients.length];
    const body = `bench ${tag} ${n}`;
    sent.set(body, { business: sender.business, number, status: 0, sentAt: Date.now(), answeredAt: Infinity });
    return {
      body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}`, 'idempotency-key': `bench-${n}` },
      json: JSON.stringify({ number, body }),
    };
  };
  const answer = (body, status) => {
    const entry = sent.get(body);
    if (entry) {
      entry.status = status;
      entry.answeredAt = Date.now();
    }
  };
  const load = process.env.MESSAGES_API_DRIVER === 'autocannon' ? await withAutocannon() : await withOpenLoop();

  async function withOpenLoop() {
    const bodies = [];
    const run = await openLoop({
      url: api,
      rate,
      seconds,
      sockets: clients,
      request: (n) => {
        const { body, headers, json } = requestOf(n);
        bodies[n] = body;
        return { path: '/api/messages/send', headers, body: json };
      },
      onAnswer: (n, status) => answer(bodies[n], status),
    });
    const at = (p) => Math.round(percentile(run.latencies, p));
    return {
      sustained: Math.round(run.answered / (run.elapsedMs / 1000)),
      p50: at(50),
      p90: at(90),
      p99: at(99),
      max: at(100),
      errors: run.failed,
    };
  }

  async function withAutocannon() {
    let seq = 0;
    const result = await new Promise((resolve, reject) => {
      autocannon(
        {
          url: `${api}/api/messages/send`,
          method: 'POST',
          duration: seconds,
          connections: clients,
          overallRate: rate,
          requests: [
            {
              setupRequest: (request, context) => {
                const { body, headers, json } = requestOf(seq++);
                context.body = body;
                return { ...request, headers, body: json };
              },
              onResponse: (status, _body, context) => answer(context.body, status),
            },
          ],
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
    });
    const { latency } = result;
    return {
      sustained: Math.round(result.requests.average),
      p50: latency.p50,
      p90: latency.p90,
      p99: latency.p99,
      max: latency.max,
      errors: result.timeouts + result.errors,
    };
  }

  // delivery: every answered-200 text reached its customer from its business number exactly once,
  // in the order it was accepted per business and customer (a text answered before another was
  // requested is received before it; requests in flight together have no order). The answer comes once the text is
  // stored; the sends follow at each number's pace, so wait until they stop arriving.
  const loadEnded = Date.now();
  const accepted = [...sent.entries()].filter(([, entry]) => entry.status === 200);
  const collect = async () => {
    const times = new Map(); // body → times
    let outOfOrder = 0;
    for (const number of recipients) {
      // out of order: received after a text that was sent only once it had been answered
      const latestSent = new Map(); // business → latest request time of the texts received so far
      for (const message of await call('GET', `${sandboxUrl}/messages?customer=${number}`)) {
        if (!message.body?.startsWith(`bench ${tag} `)) continue;
        times.set(message.body, (times.get(message.body) ?? 0) + 1);
        const entry = sent.get(message.body);
        if (!entry) continue;
        if (entry.answeredAt < (latestSent.get(message.business) ?? 0)) outOfOrder += 1;
        latestSent.set(message.business, Math.max(latestSent.get(message.business) ?? 0, entry.sentAt));
      }
    }
    return { times, outOfOrder };
  };
  let delivery = await collect();
  let lastCount = -1;
  let lastChange = Date.now();
  let drainedAt = Date.now();
  for (;;) {
    const count = accepted.filter(([body]) => delivery.times.has(body)).length;
    if (count !== lastCount) {
      lastCount = count;
      lastChange = drainedAt = Date.now();
    }
    if (count === accepted.length || Date.now() - lastChange > 15_000) break;
    await sleep(500);
    delivery = await collect();
  }
  const received = delivery.times;
  const byStatus = {};
  for (const [, entry] of sent) byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
  const lost = accepted.filter(([body]) => !received.has(body)).length;
  const duplicated = [...received.values()].filter((times) => times > 1).length;
  const unanswered = [...sent.values()].filter((entry) => entry.status === 0).length;
  console.table([
    {
      'target req/s': rate,
      'req/s sustained': load.sustained,
      'p50 ms': load.p50,
      'p90 ms': load.p90,
      'p99 ms': load.p99,
      'max ms': load.max,
      requests: sent.size,
      answers: JSON.stringify(byStatus),
      'timeouts/errors': load.errors,
      unanswered,
      lost,
      duplicated,
      'out of order': delivery.outOfOrder,
      'delivered after load s': ((drainedAt - loadEnded) / 1000).toFixed(1),
    },
  ]);
  console.log(
    `numbers ${numbers}, customers ${customers}, SEND_MIN_GAP_MS ${gapMs}, clients ${clients}, ${seconds} s, driver ${process.env.MESSAGES_API_DRIVER === 'autocannon' ? 'autocannon' : 'open loop'}`,
  );
} finally {
  await platform.stop();
}
