import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';

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
  freePorts(count: number): Promise<number[]>;
}

async function tool<T>(relativePath: string): Promise<T> {
  return (await import(path.join(REPO_ROOT, 'tools', relativePath))) as T;
}

export const probes = (): Promise<Probes> => tool<Probes>('lib/probe.mjs');

async function until(answers: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers())) {
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
    const child = spawn(this.command, this.args, { stdio: 'ignore' });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await until(this.answers, `${this.name} on port ${this.port}`);
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
  const server: DependencyServer = {
    name: 'postgres',
    port,
    async start() {
      running = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'cluster'), port, log: () => undefined });
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
