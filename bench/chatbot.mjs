// The chatbot under load, on this machine, with everything running: wa-sandbox customers walk the
// queue menu and a two-level option tree ('oi', then 1, 1, 2, 0, # and again), `rate` messages per
// second in all; each customer sends its next choice once the bot's answer to the previous one
// has been sent to it. Reports p50/p99 from the customer's send (sandbox HTTP) to the bot's
// answer delivered to the sandbox (its `company-<id>-appMessage` create, announced once the
// sandbox accepted the send), answers lost, duplicated or wrong.
// Starts its own platform (fresh database, free ports: identity, tickets, sessions, wa-sandbox, gateway).
// Before it, `--warmup N` other customers (default: as many) walk once and the database is analyzed
// (as autovacuum does within a minute of a table's first rows; 0 skips both).
// Usage: node bench/chatbot.mjs [customers=300] [rate=300] [walks=3] [connections=30] [--tickets-replicas 2] [--warmup N]
import { parseArguments } from './lib/arguments.mjs';
import { analyzeDatabase, startBenchPlatform } from './lib/bench-platform.mjs';
import { jsonCaller, jsonPoster } from './lib/json-call.mjs';
import { openRawSocketIo } from './lib/raw-socketio.mjs';
import { cpuBetween, cpuSnapshot } from './lib/process-cpu.mjs';
import { waitUntilConnected } from './lib/sandbox-sessions.mjs';
import { percentile, sleep } from './lib/timing.mjs';

const { positional, flags } = parseArguments(process.argv.slice(2));
const [customerCount, rate, walks, connectionCount] = [300, 300, 3, 30].map((fallback, i) => Number(positional[i] ?? fallback));
const warmupCount = Number(flags.warmup ?? customerCount);
const { platform, sandboxUrl, database } = await startBenchPlatform({
  apps: ['identity', 'tickets', 'sessions', 'wa-sandbox'],
  replicas: { tickets: Number(flags['tickets-replicas'] ?? 1) },
  // e.g. BENCH_DATABASE_SETTINGS='{"log_statement":"all"}' to see what PostgreSQL executes per answer
  databaseSettings: process.env.BENCH_DATABASE_SETTINGS ? JSON.parse(process.env.BENCH_DATABASE_SETTINGS) : undefined,
  env: {
    // the bot's answers are measured, not WhatsApp's pacing of one number
    SEND_MIN_GAP_MS: '0',
    SEND_MAX_QUEUE: '1000',
  },
});
const api = platform.urls.api;

const call = jsonCaller(api);
const postToSandbox = jsonPoster(sandboxUrl);

const MENU = 'Olá! Escolha um departamento:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const SALES = 'Bem-vindo às Vendas\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Falar com vendedor\n\n*[ # ]* - Voltar ao Menu Principal';
const PLANS = 'Nossos planos:\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Pro\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';
const PRO = 'Plano Pro: R$ 20\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';
/** One walk: what the customer says and what the bot must answer. */
const WALK = [
  ['1', SALES],
  ['1', PLANS],
  ['2', PRO],
  ['0', PLANS],
  ['#', MENU],
];

try {
  const root = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
  const plan = await call('POST', '/plans', { name: `Bench ${process.pid}`, users: 0, connections: 0, queues: 0, value: 0 }, root.token);
  const email = `bench-chatbot-${process.pid}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Bench ${process.pid}`, email, password: 'secret123', planId: plan.id });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;
  const sales = await call('POST', '/queue', { name: 'Vendas', color: '#123456', greetingMessage: 'Bem-vindo às Vendas' }, admin.token);
  const support = await call('POST', '/queue', { name: 'Suporte', color: '#654321', greetingMessage: 'Suporte aqui' }, admin.token);
  const plans = await call(
    'POST',
    '/queue-options',
    { queueId: sales.id, title: 'Planos', message: 'Nossos planos:', option: 1 },
    admin.token,
  );
  await call(
    'POST',
    '/queue-options',
    { queueId: sales.id, title: 'Falar com vendedor', message: 'Aguarde um vendedor.', option: 2 },
    admin.token,
  );
  await call(
    'POST',
    '/queue-options',
    { queueId: sales.id, parentId: plans.id, title: 'Básico', message: 'Plano Básico: R$ 10', option: 1 },
    admin.token,
  );
  await call(
    'POST',
    '/queue-options',
    { queueId: sales.id, parentId: plans.id, title: 'Pro', message: 'Plano Pro: R$ 20', option: 2 },
    admin.token,
  );
  const connections = [];
  for (let i = 0; i < connectionCount; i += 1) {
    const created = await call(
      'POST',
      '/whatsapp',
      { name: `Bench ${i}`, provider: 'sandbox', queueIds: [sales.id, support.id], greetingMessage: 'Olá! Escolha um departamento:' },
      admin.token,
    );
    connections.push(created.id);
  }
  const numbers = (await waitUntilConnected(call, admin.token, connections)).map((w) => w.number);
  await sleep(1000); // the tickets service's read model of the connections

  // the admin's socket, as the web app opens it; only its appMessage creates are decoded (raw-socketio.mjs)
  const appMessage = `42["company-${companyId}-appMessage",`;
  const appMessageUpdate = `${appMessage}{"action":"update"`;
  let onAppMessage = () => {};
  const { socket, ready } = openRawSocketIo({
    url: api,
    token: admin.token,
    onEvent: (text) => {
      if (text.startsWith(appMessage) && !text.startsWith(appMessageUpdate)) onAppMessage(JSON.parse(text.slice(2))[1]);
    },
  });
  if (!(await ready)) throw new Error("the admin's socket did not connect");

  /**
   * One phase: `count` customers (numbers from `prefix`) each say `oi`, then walk `walkCount`
   * times; each speaks again once the bot's answer to its previous message came and its gap
   * passed. Answers the phase's figures.
   */
  async function phase({ prefix, count, walkCount, measured }) {
    const customers = Array.from({ length: count }, (_, i) => ({
      number: `${prefix}${String(i).padStart(6, '0')}`,
      business: numbers[i % numbers.length],
      step: -1,
      sentAt: 0,
      expected: MENU,
      waiting: false,
      answers: 0,
      /** When the transaction that stored the customer's last message began (its createdAt). */
      storedAt: NaN,
    }));
    const byNumber = new Map(customers.map((c) => [c.number, c]));
    const figures = {
      timeline: [],
      latencies: [],
      toInbound: [],
      inboundToAnswer: [],
      fromStored: [],
      wrong: 0,
      duplicated: 0,
      failures: 0,
      failureReasons: new Map(),
    };
    // the customer's message's createdAt (the start of the inbound transaction that stores it and
    // runs the automaton) and the answer's (the start of the transaction that stores it unsent, just
    // before its send) split the way in three: sandbox, sessions, the stream and the company's
    // inbound lane; the automaton's transaction and the reply's wait for its store; the answer's
    // send, record and announcement
    const totalSteps = 1 + WALK.length * walkCount;
    const gapMs = (1000 * count) / rate;

    const onMessage = (payload) => {
      if (payload.action !== 'create') return;
      const customer = byNumber.get(payload.contact?.number);
      if (!customer) return;
      if (!payload.message.fromMe) {
        customer.storedAt = Date.parse(payload.message.createdAt);
        return;
      }
      customer.answers += 1;
      if (!customer.waiting) {
        figures.duplicated += 1;
        return;
      }
      customer.waiting = false;
      const now = Date.now();
      figures.latencies.push(now - customer.sentAt);
      figures.timeline.push([customer.sentAt, now - customer.sentAt]);
      const stored = Date.parse(payload.message.createdAt);
      figures.toInbound.push(customer.storedAt - customer.sentAt);
      figures.inboundToAnswer.push(stored - customer.storedAt);
      figures.fromStored.push(now - stored);
      if (payload.message.body !== customer.expected) figures.wrong += 1;
    };
    onAppMessage = onMessage;

    async function say(customer) {
      customer.step += 1;
      const [body, expected] = customer.step === 0 ? ['oi', MENU] : WALK[(customer.step - 1) % WALK.length];
      customer.expected = expected;
      customer.waiting = true;
      customer.storedAt = NaN;
      customer.sentAt = Date.now();
      try {
        await postToSandbox('/messages', {
          from: customer.number,
          to: customer.business,
          pushName: `Cliente ${customer.number.slice(-4)}`,
          body,
        });
      } catch (error) {
        // the sandbox did not take it: the customer says it again after its gap (not an answer lost)
        customer.step -= 1;
        customer.waiting = false;
        figures.failures += 1;
        const reason = String(error.message ?? error).slice(0, 160);
        figures.failureReasons.set(reason, (figures.failureReasons.get(reason) ?? 0) + 1);
      }
    }

    const cpuBefore = measured ? cpuSnapshot(database) : undefined;
    const started = Date.now();
    if (measured) console.log(`walk started at ${new Date(started).toISOString()}`);
    // customers start spread over one gap, then each speaks once its answer came and its gap passed
    for (const [i, customer] of customers.entries()) setTimeout(() => void say(customer), (i * gapMs) / count);
    const deadline = started + totalSteps * gapMs + 60_000;
    while (Date.now() < deadline) {
      let done = true;
      for (const customer of customers) {
        if (customer.step + 1 < totalSteps || customer.waiting) done = false;
        if (!customer.waiting && customer.sentAt > 0 && customer.step + 1 < totalSteps && Date.now() - customer.sentAt >= gapMs)
          void say(customer);
      }
      if (done) break;
      await sleep(5);
    }
    const seconds = (Date.now() - started) / 1000;
    if (measured) console.log(`walk ended at ${new Date().toISOString()}`);
    const cpu = measured ? cpuBetween(cpuBefore, cpuSnapshot(database), seconds) : undefined;
    await sleep(2000); // late duplicates
    onAppMessage = () => {};
    const sent = customers.reduce((sum, c) => sum + c.step + 1, 0);
    const lost = customers.filter((c) => c.waiting).length;
    return { ...figures, started, seconds, cpu, sent, lost, totalSteps };
  }

  if (warmupCount > 0) {
    // Tables that autovacuum has analyzed, as on a platform that has run for more than a minute:
    // on a new database the planner has no statistics during a run this short (it then takes
    // the company's index for a lookup by channel id, or scans contacts per message).
    const warm = await phase({ prefix: '5511977', count: warmupCount, walkCount: 1, measured: false });
    console.log(
      `warm-up: ${warmupCount} customers × ${warm.totalSteps} messages in ${warm.seconds.toFixed(1)} s (${Math.round(warm.sent / warm.seconds)}/s), answered ${warm.latencies.length}, lost ${warm.lost}`,
    );
    await analyzeDatabase(database);
  }
  const result = await phase({ prefix: '5511966', count: customerCount, walkCount: walks, measured: true });
  const {
    latencies,
    toInbound,
    inboundToAnswer,
    fromStored,
    wrong,
    duplicated,
    failures,
    failureReasons,
    seconds,
    cpu,
    sent,
    lost,
    totalSteps,
  } = result;
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    `${customerCount} customers × ${totalSteps} messages (${sent} sent, target ${rate}/s) over ${connectionCount} connections in ${seconds.toFixed(1)} s ` +
      `(${Math.round(sent / seconds)}/s): answered ${latencies.length}, lost ${lost}, duplicated ${duplicated}, wrong ${wrong}, send failures ${failures} (said again)`,
  );
  for (const [reason, n] of failureReasons) console.log(`send failed ×${n}: ${reason}`);
  const row = (values) => {
    const ordered = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
    return {
      'p50 ms': percentile(ordered, 50),
      'p90 ms': percentile(ordered, 90),
      'p99 ms': percentile(ordered, 99),
      'max ms': ordered.at(-1),
    };
  };
  console.table({
    'send → bot answer delivered': row(sorted),
    'send → customer message stored': row(toInbound),
    'stored → answer stored unsent': row(inboundToAnswer),
    'answer stored → delivered': row(fromStored),
  });
  // where the slow answers were: the walk's seconds with the highest latency (a stall shows as a few consecutive ones)
  const bySecond = new Map();
  for (const [sentAt, latency] of result.timeline) {
    const second = Math.floor((sentAt - result.started) / 1000);
    const slot = bySecond.get(second) ?? { n: 0, max: 0, over300: 0 };
    slot.n += 1;
    slot.max = Math.max(slot.max, latency);
    if (latency > 300) slot.over300 += 1;
    bySecond.set(second, slot);
  }
  console.log(
    'per second of the walk (sent in that second: answers, slowest ms, answers over 300 ms): ' +
      [...bySecond]
        .sort((a, b) => a[0] - b[0])
        .map(([second, { n, max, over300 }]) => `${second}s ${n}/${max}/${over300}`)
        .join(', '),
  );
  console.log(`CPU per process while the customers walked (${seconds.toFixed(1)} s; 2 cores = 200%):`);
  console.table(cpu);
  socket.close();
  postToSandbox.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await platform.stop();
}
