// Socket fan-out of the gateway (issue 17): one company, the admin's token on N agent sockets,
// sandbox customers writing so that the frames sent to the sockets reach a target rate (each
// message makes 2 events per socket: its appMessage create and its ticket's update).
// Reports p50/p95/p99 from the customer's send (sandbox HTTP) to each socket's receipt of the
// message's appMessage create, delivered/expected, frames/s seen, the gateways' RSS, sockets
// disconnected (by reason: dropped as slow, ping timeout...).
//
// Usage: node bench/fanout.mjs [--sockets 5000] [--frames 20000] [--gateways 1] [--seconds 20]
//   [--receivers 2] [--client raw|socket.io] [--events-per-message 2] [--gateway-main apps/gateway/dist/main.js]
// The measured gateways are started by this script (startGatewayReplica below: the platform's
// environment, ports 19400+), from `--gateway-main` (e.g. a build of main copied elsewhere in
// this checkout, to compare before/after); the platform's own gateway only serves the setup calls.
// The sockets are split evenly over the gateways and opened by `--receivers` child processes
// (bench/lib/fanout-receiver.mjs) so the receiving clients do not share one core with the sender;
// `--client raw` (default) speaks socket.io's protocol over `ws` and decodes only what it times,
// `--client socket.io` uses socket.io-client (see the receiver for why the two differ).
// Environment variables SOCKET_* are passed to the gateways (tuning).
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBenchPlatform } from './lib/bench-platform.mjs';
import { jsonCaller } from './lib/json-call.mjs';
import { percentile, sleep } from './lib/timing.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values: options } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    frames: { type: 'string', default: '20000' },
    gateways: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '20' },
    receivers: { type: 'string', default: '2' },
    client: { type: 'string', default: 'raw' },
    'events-per-message': { type: 'string', default: '2' },
    'gateway-main': { type: 'string', default: path.join(root, 'apps/gateway/dist/main.js') },
  },
});
const socketCount = Number(options.sockets);
const targetFrames = Number(options.frames);
const gatewayCount = Number(options.gateways);
const seconds = Number(options.seconds);
const receiverCount = Number(options.receivers);
const messageRate = targetFrames / (Number(options['events-per-message']) * socketCount);
const gatewayMain = path.resolve(options['gateway-main']);
const FIRST_REPLICA_PORT = 19400;

const { platform, sandboxUrl } = await startBenchPlatform({
  apps: ['identity', 'tickets', 'sessions', 'wa-sandbox'],
  env: { LOG_LEVEL: 'warn' },
});
const call = jsonCaller(platform.urls.api);
const replicas = [];
const receivers = [];

/**
 * One more gateway process beside the platform's, with the platform's environment on its own port
 * (ports 19400+: this bench's range): the bench's measured gateways. Answers its URL, pid and stop().
 */
async function startGatewayReplica(index) {
  const port = FIRST_REPLICA_PORT + index;
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATABASE_URL: platform.databaseUrls.app,
    DATABASE_MIGRATION_URL: platform.databaseUrls.owner,
    REDIS_URL: platform.settings.redisUrl,
    NATS_URL: platform.settings.natsUrl,
    ...platform.settings.extraEnv,
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('SOCKET_'))),
    PORT: String(port),
  };
  const child = spawn(process.execPath, [gatewayMain], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`gateway replica ${index} exited (${child.exitCode})`);
    if (tries > 600) throw new Error(`gateway replica ${index} not ready on ${url}`);
    const ok = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return NaN;
  }
};

/** CPU seconds a process has used (user + system), from /proc. */
const cpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};

function ask(receiver, message, answer) {
  return new Promise((resolve) => {
    const onMessage = (reply) => {
      if (reply.type !== answer) return;
      receiver.off('message', onMessage);
      resolve(reply);
    };
    receiver.on('message', onMessage);
    receiver.send(message);
  });
}

try {
  for (let i = 0; i < gatewayCount; i += 1) replicas.push(await startGatewayReplica(i));

  const superAdmin = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
  const plan = await call(
    'POST',
    '/plans',
    { name: `Fanout ${process.pid}`, users: 0, connections: 0, queues: 0, value: 0 },
    superAdmin.token,
  );
  const email = `fanout-${process.pid}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Fanout ${process.pid}`, email, password: 'secret123', planId: plan.id });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;
  const queue = await call('POST', '/queue', { name: 'Atendimento', color: '#123456' }, admin.token);
  const connection = await call('POST', '/whatsapp', { name: 'Fanout', provider: 'sandbox', queueIds: [queue.id] }, admin.token);
  let business;
  for (let tries = 0; !business; tries += 1) {
    if (tries > 300) throw new Error('the sandbox connection did not connect');
    await sleep(200);
    const found = (await call('GET', '/whatsapp', undefined, admin.token)).find((w) => w.id === connection.id);
    if (found?.status === 'CONNECTED' && found.number) business = found.number;
  }

  const urls = replicas.map((replica) => replica.url);
  const began = Date.now();
  for (let i = 0; i < receiverCount; i += 1) {
    receivers.push(fork(path.join(here, 'lib/fanout-receiver.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }
  // receiver r opens sockets r, r + receivers, ...: both receivers reach both gateways
  const opened = await Promise.all(
    receivers.map((receiver, r) => {
      const count = Math.floor(socketCount / receiverCount) + (r < socketCount % receiverCount ? 1 : 0);
      const share = urls.map((_, g) => urls[(g + r) % urls.length]);
      return ask(receiver, { type: 'open', urls: share, token: admin.token, count, companyId, client: options.client }, 'opened');
    }),
  );
  const connected = opened.reduce((sum, reply) => sum + reply.connected, 0);
  console.log(
    `${connected} of ${socketCount} sockets connected to ${gatewayCount} gateway(s) in ${((Date.now() - began) / 1000).toFixed(1)} s`,
  );

  // a few customers (tickets) per message per second, 5 to 50: the warm-up (one message each) stays a few seconds of frames
  const customers = Array.from(
    { length: Math.max(5, Math.min(50, Math.round(messageRate * 3))) },
    (_, i) => `5511966${String(i).padStart(6, '0')}`,
  );
  let failures = 0;
  const inFlight = new Set();
  const send = (label, seq) => {
    const request = call('POST', `${sandboxUrl}/messages`, {
      from: customers[seq % customers.length],
      to: business,
      pushName: `Cliente ${seq % customers.length}`,
      body: `${label} ${seq} ${Date.now()}`,
    })
      .catch(() => (failures += label === 'bench' ? 1 : 0))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  // warm-up: every customer's ticket exists, the processes' code is compiled (not measured)
  for (let i = 0; i < customers.length; i += 1) {
    send('warm', i);
    await sleep(20);
  }
  await Promise.all(inFlight);
  // every socket has the warm-up's messages (60 s at most) before the measure starts
  for (const until = Date.now() + 60_000; Date.now() < until; await sleep(500)) {
    const counts = await Promise.all(receivers.map((receiver) => ask(receiver, { type: 'count' }, 'count')));
    if (counts.reduce((sum, count) => sum + count.warmed, 0) >= customers.length * connected) break;
  }

  await Promise.all(receivers.map((receiver) => receiver.send({ type: 'measure' })));
  const rss = replicas.map((replica) => ({ start: rssMb(replica.pid), max: 0, cpu: cpuSeconds(replica.pid) }));
  const rssSampler = setInterval(() => replicas.forEach((replica, i) => (rss[i].max = Math.max(rss[i].max, rssMb(replica.pid)))), 500);
  const total = Math.max(1, Math.round(messageRate * seconds));
  const sendStart = Date.now();
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((Date.now() - sendStart) / 1000) * messageRate) + 1);
    while (sent < due) send('bench', sent++);
    await sleep(5);
  }
  await Promise.all(inFlight);
  const sendSeconds = (Date.now() - sendStart) / 1000;
  // wait for every expected delivery; give up after 60 s, or 15 s without progress (lost)
  const expectedNow = (total - failures) * socketCount;
  for (let last = -1, progressAt = Date.now(), until = Date.now() + 60_000; Date.now() < until && Date.now() - progressAt < 15_000;) {
    const counts = await Promise.all(receivers.map((receiver) => ask(receiver, { type: 'count' }, 'count')));
    const sum = counts.reduce((total, count) => total + count.received, 0);
    if (sum >= expectedNow) break;
    if (sum > last) [last, progressAt] = [sum, Date.now()];
    await sleep(500);
  }
  clearInterval(rssSampler);
  const measuredFor = (Date.now() - sendStart) / 1000;
  const reports = await Promise.all(receivers.map((receiver) => ask(receiver, { type: 'report' }, 'report')));

  const latencies = reports.flatMap((report) => report.latencies).sort((a, b) => a - b);
  const fromStored = reports.flatMap((report) => report.fromStored).sort((a, b) => a - b);
  const received = reports.reduce((sum, report) => sum + report.received, 0);
  const expected = (total - failures) * socketCount;
  const disconnects = {};
  for (const report of reports)
    for (const [reason, count] of Object.entries(report.disconnects)) disconnects[reason] = (disconnects[reason] ?? 0) + count;
  const bySecond = new Map();
  for (const report of reports)
    for (const [second, count] of report.framesBySecond) bySecond.set(second, (bySecond.get(second) ?? 0) + count);
  const measuredSeconds = [...bySecond.keys()].filter(
    (second) => second * 1000 >= sendStart + 1000 && second * 1000 < sendStart + sendSeconds * 1000 - 1000,
  );
  const framesPerSecond = measuredSeconds.length
    ? Math.round(measuredSeconds.reduce((sum, second) => sum + bySecond.get(second), 0) / measuredSeconds.length)
    : NaN;

  console.log(
    `${socketCount} sockets, ${gatewayCount} gateway(s), ${total} messages at ${messageRate.toFixed(2)}/s for ${sendSeconds.toFixed(1)} s (target ${targetFrames} frames/s); ` +
      `send failures ${failures}; gateway: ${path.relative(root, gatewayMain)}; clients: ${options.client}`,
  );
  console.table({
    'send → socket (appMessage create)': {
      'p50 ms': percentile(latencies, 50),
      'p95 ms': percentile(latencies, 95),
      'p99 ms': percentile(latencies, 99),
      'max ms': latencies.at(-1),
      delivered: received,
      expected,
      'delivered %': Number(((100 * received) / expected).toFixed(2)),
      duplicated: reports.reduce((sum, report) => sum + report.duplicates, 0),
      'frames/s seen': framesPerSecond,
    },
    'stored (message createdAt) → socket': {
      'p50 ms': percentile(fromStored, 50),
      'p95 ms': percentile(fromStored, 95),
      'p99 ms': percentile(fromStored, 99),
      'max ms': fromStored.at(-1),
    },
  });
  const framesMeasured = reports.reduce((sum, report) => sum + report.framesMeasured, 0);
  const gatewayCpu = replicas.reduce((sum, replica, i) => sum + cpuSeconds(replica.pid) - rss[i].cpu, 0);
  console.log(
    `gateways' CPU per frame delivered: ${((gatewayCpu * 1e6) / framesMeasured).toFixed(1)} µs (${gatewayCpu.toFixed(1)} CPU s for ${framesMeasured} frames; ` +
      `one core at this cost writes ${Math.round(framesMeasured / gatewayCpu)} frames/s)`,
  );
  console.table(
    Object.fromEntries(
      replicas.map((replica, i) => [
        `gateway ${i} (${replica.url})`,
        {
          'RSS start MB': Math.round(rss[i].start),
          'RSS max MB': Math.round(rss[i].max),
          'RSS end MB': Math.round(rssMb(replica.pid)),
          'CPU % of a core': Math.round((100 * (cpuSeconds(replica.pid) - rss[i].cpu)) / measuredFor),
        },
      ]),
    ),
  );
  console.log(
    `socket disconnects by reason (client side; "transport close"/"transport error" = dropped by the gateway or lost): ${JSON.stringify(disconnects)}; ` +
      `receivers' CPU % of a core: ${reports.map((report) => Math.round((100 * report.cpuSeconds) / measuredFor)).join(', ')}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}; ` +
      `connect errors ${reports.reduce((sum, report) => sum + report.connectErrors, 0)}; connected at the end ${reports.reduce((sum, report) => sum + report.connected, 0)}`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const receiver of receivers) if (receiver.connected) receiver.send({ type: 'close' });
  await Promise.all(replicas.map((replica) => replica.stop()));
  await platform.stop();
}
