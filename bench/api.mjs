// API throughput of the gateway → identity path, on this machine, with autocannon.
// Starts its own platform (fresh database, free ports, only identity + gateway), logs in once,
// then measures a few representative routes. Usage: node bench/api.mjs [seconds=10] [connections=50]
import autocannon from 'autocannon';
import { freePorts, startPlatform } from '../tools/platform.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const [gateway, identity, smtp] = await freePorts(3);
const platform = await startPlatform({
  build: false,
  web: false,
  apps: ['identity'],
  database: `atrium_bench_${process.pid}`,
  dropDatabaseOnStop: true,
  ports: { gateway, identity, smtp },
  env: { LOG_LEVEL: 'warn', NATS_SUBJECT_PREFIX: `bench${process.pid}.`, REDIS_PREFIX: `bench:${process.pid}:`, LOGIN_MAX_ATTEMPTS_PER_IP: '1000000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000' },
  log: () => {},
});

// autocannon may resolve localhost to ::1, where the gateway (0.0.0.0) does not listen
const api = platform.urls.api.replace('localhost', '127.0.0.1');

function run(title, options) {
  return new Promise((resolve, reject) => {
    const { path, ...rest } = options;
    autocannon({ url: api + path, duration: seconds, connections, ...rest }, (error, result) => {
      if (error) return reject(error);
      const failures = result.non2xx + result.errors + result.timeouts;
      resolve({ route: title, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, failures });
    });
  });
}

try {
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const rows = [];
  rows.push(await run('GET /version (gateway only)', { path: '/version' }));
  rows.push(await run('GET /auth/me (JWT + Redis + NATS + PostgreSQL)', { path: '/auth/me', headers: auth }));
  rows.push(await run('GET /settings', { path: '/settings', headers: auth }));
  rows.push(await run('GET /users?pageNumber=1', { path: '/users?pageNumber=1', headers: auth }));
  rows.push(
    await run('POST /auth/login (argon2id)', {
      path: '/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
      connections: Math.min(connections, 8),
    }),
  );
  console.table(rows);
} finally {
  await platform.stop();
}
