import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '@atrium/app-wa-sandbox';
import { createLogger } from '@atrium/logging';
import { createTestDatabase, deleteTestStreams, freePort, isolatedEnv, REPO_ROOT, type TestDatabase } from '@atrium/testing';
import { eventually } from '../nats-fixtures.js';

/**
 * Issue 29's budget: the single process (the built apps/single, as `npm start -- --single` and the
 * compose file run it) stays under 400 MiB of resident memory once idle with the demo company
 * running (its sandbox connection paired, simulated customers writing). bench/single.mjs measures
 * both modes' memory and start time on the whole `npm start` platform (bench/README.md).
 */
const BUDGET_MIB = 400;
const MAIN = path.join(REPO_ROOT, 'apps', 'single', 'dist', 'main.js');

const residentMib = (pid: number): number => {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
};

describe('the single process at rest', () => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let child: ChildProcess;
  let env: Record<string, string>;
  let api: string;
  const output: string[] = [];

  const call = async (method: string, route: string, token?: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${api}${route}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${path.relative(REPO_ROOT, MAIN)} is missing: npm run build first (npm test does)`);
    database = await createTestDatabase();
    sandbox = await startSandbox(
      { PORT: 0, HOST: '127.0.0.1', SANDBOX_DEMO: true, SANDBOX_DEMO_INTERVAL_MS: 2_000, SANDBOX_AUTO_SCAN_MS: 300 },
      createLogger({ service: 'wa-sandbox', level: 'silent' }),
    );
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    env = isolatedEnv(database, {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SANDBOX_WS_URL: sandbox.wsUrl,
      BAILEYS_ENABLED: 'false',
      // the test database is cloned from a migrated template
      ATRIUM_MIGRATE_AT_START: 'false',
    });
    child = spawn(process.execPath, [MAIN], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`the single process exited (${child.exitCode}):\n${output.join('').slice(-3000)}`);
        return (await fetch(`${api}/health/ready`).catch(() => undefined))?.ok === true;
      },
      90_000,
      250,
    );
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await sandbox?.close();
    await database?.drop();
    if (env) await deleteTestStreams(env);
  });

  it(`stays under ${BUDGET_MIB} MiB of RSS with the demo company's connection paired and its customers writing`, async () => {
    const { token } = (await call('POST', '/auth/login', undefined, { email: 'admin@admin.com', password: '123456' })) as { token: string };
    await call('POST', '/whatsapp', token, { name: 'Sandbox (demo)', provider: 'sandbox' });
    await eventually(async () => {
      const connections = (await call('GET', '/whatsapp?session=0', token)) as { status: string }[];
      return connections.some((connection) => connection.status === 'CONNECTED');
    }, 60_000);
    // the simulated customers' messages become tickets: every service has done its part at least once
    await eventually(async () => ((await call('GET', '/tickets?status=pending', token)) as { count: number }).count >= 2, 60_000, 500);
    // at rest: what the process keeps, not what one burst of work allocated
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const rss = residentMib(child.pid!);
    expect(rss).toBeGreaterThan(50); // it is the Node process serving the API (not a wrapper)
    expect({ rssMiB: Math.round(rss), under: rss < BUDGET_MIB }).toEqual({ rssMiB: Math.round(rss), under: true });
  }, 180_000);
});
