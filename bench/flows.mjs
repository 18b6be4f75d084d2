// Flows under load (issue 27), on this machine, with everything running: wa-sandbox customers walk
// a published 10-node flow (start, menu, two questions, a condition, a tag, an HTTP call to a
// local receiver, two messages, an end) attached to every connection, `rate` messages per second
// in all; each customer sends its next message once the step's last answer reached it and its gap
// passed. Reports p50/p99 from the customer's send (sandbox HTTP) to the step's last bot message
// delivered to the sandbox (its `company-<id>-appMessage` create), the walk's steps per second,
// and the answers lost, duplicated or wrong (a text other than the step's, variables included).
// Starts its own platform (fresh database, free ports: identity, tickets, sessions, ai, wa-sandbox).
// Before it, `--warmup N` other customers (default: as many) walk once and the database is analyzed
// (as autovacuum does within a minute of a table's first rows; 0 skips both).
// Usage: node bench/flows.mjs [customers=300] [rate=300] [walks=2] [connections=30] [--warmup N] [--log ai|tickets|all]
import { createServer } from 'node:http';
import { parseArguments } from './lib/arguments.mjs';
import { analyzeDatabase, startBenchPlatform } from './lib/bench-platform.mjs';
import { jsonCaller, jsonPoster } from './lib/json-call.mjs';
import { openRawSocketIo } from './lib/raw-socketio.mjs';
import { cpuBetween, cpuSnapshot } from './lib/process-cpu.mjs';
import { waitUntilConnected } from './lib/sandbox-sessions.mjs';
import { percentile, sleep } from './lib/timing.mjs';

const { positional, flags } = parseArguments(process.argv.slice(2));
const [customerCount, rate, walks, connectionCount] = [300, 300, 2, 30].map((fallback, i) => Number(positional[i] ?? fallback));
const warmupCount = Number(flags.warmup ?? customerCount);

// the HTTP node's receiver: a price for the quantity asked (on loopback, allowlisted for the ai service)
const receiver = createServer((request, response) => {
  const quantity = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('qtd'));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ preco: quantity * 2 }));
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverHost = `127.0.0.1:${receiver.address().port}`;

const { platform, sandboxUrl, database } = await startBenchPlatform({
  apps: ['identity', 'tickets', 'sessions', 'ai', 'wa-sandbox'],
  // `--log ai` (or `all`) prints that app's log lines (warnings and errors: LOG_LEVEL warn) on stderr
  log: flags.log ? (line) => (flags.log === 'all' || line.includes(`[${flags.log}]`)) && console.error(line) : undefined,
  env: {
    // the bot's answers are measured, not WhatsApp's pacing of one number
    SEND_MIN_GAP_MS: '0',
    SEND_MAX_QUEUE: '1000',
    INTEGRATION_URL_ALLOWLIST: receiverHost,
  },
});
const api = platform.urls.api;
const call = jsonCaller(api);
const postToSandbox = jsonPoster(sandboxUrl);

const at = (x, y) => ({ x, y });
const node = (id, type, data, i) => ({ id, type, position: at(240 * i, 0), data });
const edge = (source, target, sourceHandle) => ({ id: `${source}-${sourceHandle ?? 'out'}`, source, target, sourceHandle });

const MENU = 'Olá {{firstName}}! Escolha:';
const ASK_QUANTITY = 'Quantas unidades?';
const ASK_NAME = 'Nome para a entrega?';

/** The flow: 10 nodes, every kind a customer's walk goes through. */
function flowGraph(tagId) {
  const nodes = [
    node('start', 'start', { trigger: 'new-conversation' }, 0),
    node(
      'menu',
      'menu',
      {
        text: MENU,
        options: [
          { id: 'order', label: 'Pedido' },
          { id: 'leave', label: 'Sair' },
        ],
        invalidText: 'Opção inválida.',
      },
      1,
    ),
    node('quantity', 'question', { text: ASK_QUANTITY, variable: 'qtd', validation: 'number', invalidText: 'Um número, por favor.' }, 2),
    node('big', 'condition', { match: 'all', rules: [{ variable: 'qtd', operator: 'gt', value: '10' }] }, 3),
    node('tagBig', 'tag', { add: [tagId] }, 4),
    node('price', 'http', { method: 'GET', url: `http://${receiverHost}/preco?qtd={{qtd}}`, saveAs: { preco: '$.preco' } }, 5),
    node('name', 'question', { text: ASK_NAME, variable: 'nome', validation: 'text' }, 6),
    node('confirm', 'message', { text: 'Pedido de {{qtd}} por R$ {{preco}} para {{nome}}.' }, 7),
    node('small', 'message', { text: 'Pedido pequeno: {{qtd}} unidades.' }, 8),
    node('bye', 'end', { text: 'Até logo, {{firstName}}.' }, 9),
  ];
  const edges = [
    edge('start', 'menu'),
    edge('menu', 'quantity', 'order'),
    edge('menu', 'bye', 'leave'),
    edge('quantity', 'big', 'answered'),
    edge('big', 'tagBig', 'true'),
    edge('big', 'small', 'false'),
    edge('tagBig', 'price'),
    edge('price', 'name', 'ok'),
    edge('name', 'confirm', 'answered'),
    edge('confirm', 'menu'),
    edge('small', 'menu'),
  ];
  return { nodes, edges };
}

/** What the customer says, and the bot's messages of that step, in order (`first` is the customer's first name). */
function walkSteps(first, walkCount) {
  const menu = `Olá ${first}! Escolha:\n1 - Pedido\n2 - Sair`;
  const steps = [['oi', [menu]]];
  for (let walk = 0; walk < walkCount; walk += 1) {
    const big = 11 + walk;
    steps.push(
      ['1', [ASK_QUANTITY]],
      [String(big), [ASK_NAME]],
      [`Ana ${walk}`, [`Pedido de ${big} por R$ ${big * 2} para Ana ${walk}.`, menu]],
      ['Pedido', [ASK_QUANTITY]],
      ['3', ['Pedido pequeno: 3 unidades.', menu]],
    );
  }
  steps.push(['2', [`Até logo, ${first}.`]]);
  return steps;
}

try {
  const root = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
  const plan = await call(
    'POST',
    '/plans',
    { name: `Bench ${process.pid}`, users: 0, connections: 0, queues: 0, value: 0, useIntegrations: true },
    root.token,
  );
  const email = `bench-flows-${process.pid}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Bench ${process.pid}`, email, password: 'secret123', planId: plan.id });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;
  const tag = await call('POST', '/tags', { name: 'Pedido grande' }, admin.token);
  const flow = await call('POST', '/flows', { name: 'Pedidos' }, admin.token);
  await call('PUT', `/flows/${flow.id}`, { name: 'Pedidos', ...flowGraph(tag.id) }, admin.token);
  await call('POST', `/flows/${flow.id}/publish`, {}, admin.token);
  const connections = [];
  for (let i = 0; i < connectionCount; i += 1) {
    const created = await call('POST', '/whatsapp', { name: `Bench ${i}`, provider: 'sandbox', queueIds: [] }, admin.token);
    await call('PUT', `/whatsapp/${created.id}`, { queueIds: [], flowId: flow.id }, admin.token);
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
   * One phase: `count` customers (numbers from `prefix`) walk the flow `walkCount` times and leave;
   * each speaks again once the step's last answer came and its gap passed. Answers the phase's figures.
   */
  async function phase({ prefix, count, walkCount, measured }) {
    const customers = Array.from({ length: count }, (_, i) => {
      const first = `Cliente${i}`;
      return {
        number: `${prefix}${String(i).padStart(6, '0')}`,
        business: numbers[i % numbers.length],
        first,
        steps: walkSteps(first, walkCount),
        step: -1,
        sentAt: 0,
        expected: [],
        waiting: false,
      };
    });
    const byNumber = new Map(customers.map((c) => [c.number, c]));
    const figures = { latencies: [], wrong: 0, duplicated: 0, failures: 0, wrongSamples: [] };
    const totalSteps = customers[0].steps.length;
    const gapMs = (1000 * count) / rate;

    onAppMessage = (payload) => {
      if (payload.action !== 'create' || !payload.message?.fromMe) return;
      const customer = byNumber.get(payload.contact?.number);
      if (!customer) return;
      if (!customer.waiting) {
        figures.duplicated += 1;
        return;
      }
      const expected = customer.expected.shift();
      if (payload.message.body !== expected) {
        figures.wrong += 1;
        if (figures.wrongSamples.length < 5) figures.wrongSamples.push({ expected, got: payload.message.body });
      }
      if (customer.expected.length > 0) return;
      customer.waiting = false;
      figures.latencies.push(Date.now() - customer.sentAt);
    };

    async function say(customer) {
      customer.step += 1;
      const [body, expected] = customer.steps[customer.step];
      customer.expected = [...expected];
      customer.waiting = true;
      customer.sentAt = Date.now();
      try {
        await postToSandbox('/messages', { from: customer.number, to: customer.business, pushName: customer.first, body });
      } catch {
        // the sandbox did not take it: the customer says it again after its gap (not an answer lost)
        customer.step -= 1;
        customer.waiting = false;
        figures.failures += 1;
      }
    }

    const cpuBefore = measured ? cpuSnapshot(database) : undefined;
    const started = Date.now();
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
    const cpu = measured ? cpuBetween(cpuBefore, cpuSnapshot(database), seconds) : undefined;
    await sleep(2000); // late duplicates
    onAppMessage = () => {};
    const sent = customers.reduce((sum, c) => sum + c.step + 1, 0);
    const lost = customers.filter((c) => c.waiting).length;
    return { ...figures, seconds, cpu, sent, lost, totalSteps };
  }

  if (warmupCount > 0) {
    const warm = await phase({ prefix: '5511978', count: warmupCount, walkCount: 1, measured: false });
    console.log(
      `warm-up: ${warmupCount} customers × ${warm.totalSteps} steps in ${warm.seconds.toFixed(1)} s, answered ${warm.latencies.length}, lost ${warm.lost}`,
    );
    await analyzeDatabase(database);
  }
  const result = await phase({ prefix: '5511967', count: customerCount, walkCount: walks, measured: true });
  const { latencies, wrong, wrongSamples, duplicated, failures, seconds, cpu, sent, lost, totalSteps } = result;
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    `${customerCount} customers × ${totalSteps} steps (${sent} sent, target ${rate}/s) over ${connectionCount} connections in ${seconds.toFixed(1)} s ` +
      `(${Math.round(sent / seconds)} steps/s): answered ${latencies.length}, lost ${lost}, duplicated ${duplicated}, wrong ${wrong}, send failures ${failures} (said again)`,
  );
  for (const sample of wrongSamples) console.log('wrong:', JSON.stringify(sample));
  console.table({
    'send → step answered (last message delivered)': {
      'p50 ms': percentile(sorted, 50),
      'p90 ms': percentile(sorted, 90),
      'p99 ms': percentile(sorted, 99),
      'max ms': sorted.at(-1),
    },
  });
  console.log(`CPU per process while the customers walked (${seconds.toFixed(1)} s; 2 cores = 200%):`);
  console.table(cpu);
  socket.close();
  postToSandbox.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await platform.stop();
  receiver.close();
}
