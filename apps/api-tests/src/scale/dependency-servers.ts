import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';
import pg from 'pg';

/** A server a fault suite starts, stops and starts again on the same port, keeping its data between runs. */
export interface DependencyServer {
  readonly name: 'nats' | 'redis' | 'postgres';
  readonly port: number;
  /** Starts it (again), resolving once it answers. */
  start(): Promise<void>;
  /** Stops it, resolving once it exited; its data stays. */
  stop(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

interface Probes {
  redisAnswers(host: string, port: number): Promise<boolean>;
  natsAnswers(host: string, port: number): Promise<boolean>;
}

async function tool<T>(relativePath: string): Promise<T> {
  return (await import(path.join(REPO_ROOT, 'tools', relativePath))) as T;
}

export const probes = (): Promise<Probes> => tool<Probes>('lib/probe.mjs');

/** The last lines a server wrote, for the error that says why it did not start. */
class OutputTail {
  private readonly lines: string[] = [];

  add(text: string): void {
    this.lines.push(...text.split('\n').filter((line) => line.trim() !== ''));
    this.lines.splice(0, Math.max(0, this.lines.length - 20));
  }

  toString(): string {
    return this.lines.length > 0 ? `; its last output:\n${this.lines.join('\n')}` : '; it wrote nothing';
  }
}

async function until(answers: () => Promise<boolean>, what: string, gaveUp: () => string | undefined, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers())) {
    const reason = gaveUp();
    if (reason) throw new Error(`${what} ${reason}`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first port the OS hands out by itself (bind to port 0, outgoing connections): 32768 on Linux. */
async function ephemeralRangeStart(): Promise<number> {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '32768 60999');
  return Number(range.trim().split(/\s+/)[0]) || 32768;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `count` free ports below the OS's ephemeral range. A port of that range that is free now
 * (tools' freePorts) can be taken a moment later by any process's outgoing connection or by
 * another suite's port-0 listener, before our server binds it or while it is stopped for an
 * outage; a port below it is only ever taken by a process that names it.
 */
export async function portsOutsideEphemeralRange(count: number): Promise<number[]> {
  const low = 20_000;
  const high = Math.min(await ephemeralRangeStart(), 32_768);
  const ports = new Set<number>();
  for (let tries = 0; ports.size < count; tries += 1) {
    if (tries > count * 50) throw new Error(`no ${count} free ports between ${low} and ${high}`);
    const port = low + Math.floor(Math.random() * (high - low));
    if (!ports.has(port) && (await bindable(port))) ports.add(port);
  }
  return [...ports];
}

/**
 * Creates a server on a port of portsOutsideEphemeralRange and starts it; when its start fails (a
 * process named the same port meanwhile), again on another port, up to `attempts` times.
 */
export async function startOnFreePort(create: (port: number) => Promise<DependencyServer>, attempts = 3): Promise<DependencyServer> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const [port] = await portsOutsideEphemeralRange(1);
    const server = await create(port!);
    try {
      await server.start();
      return server;
    } catch (error) {
      failures.push(`port ${port}: ${error instanceof Error ? error.message : String(error)}`);
      await server.destroy();
    }
  }
  throw new Error(`could not start after ${attempts} attempts:\n${failures.join('\n')}`);
}

/** A server binary run as a child process, with its data in a temporary folder kept across restarts. */
class BinaryServer implements DependencyServer {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  constructor(
    readonly name: 'nats' | 'redis',
    readonly port: number,
    private readonly dataDir: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly answers: () => Promise<boolean>,
  ) {}

  async start(): Promise<void> {
    const child = spawn(this.command, this.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = new OutputTail();
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => tail.add(text));
    }
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const exitedEarly = () =>
      child.exitCode !== null || child.signalCode !== null ? `exited (${child.signalCode ?? `code ${child.exitCode}`})` : undefined;
    try {
      await until(this.answers, `${this.name} on port ${this.port}`, exitedEarly);
    } catch (error) {
      await this.stop();
      throw new Error(`${error instanceof Error ? error.message : String(error)}${tail}`);
    }
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** nats-server with JetStream, its store in a folder of its own: streams and consumers survive a restart. */
export async function natsServer(port: number): Promise<DependencyServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atrium-nats-'));
  const { natsAnswers } = await probes();
  return new BinaryServer('nats', port, dir, '/usr/sbin/nats-server', ['-js', '-sd', dir, '-a', '127.0.0.1', '-p', String(port)], () =>
    natsAnswers('127.0.0.1', port),
  );
}

/** redis-server with an append-only file (fsync always) in a folder of its own: keys survive a restart. */
export async function redisServer(port: number): Promise<DependencyServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atrium-redis-'));
  const { redisAnswers } = await probes();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
  ];
  return new BinaryServer('redis', port, dir, 'redis-server', args, () => redisAnswers('127.0.0.1', port));
}

/** The embedded PostgreSQL of `npm start` (tools/lib/postgres.mjs), its cluster in a folder of its own. */
export async function embeddedPostgres(port: number): Promise<DependencyServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-pg-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user, who must reach its cluster below
  const { startEmbeddedPostgres } = await tool<{
    startEmbeddedPostgres(options: { dataDir: string; port: number; log: (line: string) => void }): Promise<{ stop(): Promise<void> }>;
  }>('lib/postgres.mjs');
  let running: { stop(): Promise<void> } | undefined;
  const tail = new OutputTail();
  const server: DependencyServer = {
    name: 'postgres',
    port,
    async start() {
      running = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'cluster'), port, log: (line) => tail.add(line) }).catch(
        (error: unknown) => {
          throw new Error(`${error instanceof Error ? error.message : String(error)}${tail}`);
        },
      );
      // ready means our cluster answers a query as its owner, not just that something listens on the port
      await until(
        () => postgresAnswers(port),
        `PostgreSQL on port ${port}`,
        () => undefined,
      );
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
    async destroy() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

async function postgresAnswers(port: number): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
