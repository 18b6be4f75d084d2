import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';

/*
 * The platform of tools/platform.mjs as fault suites use it: every app a process of its own, so a
 * test can kill one. The types below are the part of tools/platform.d.mts these suites use (the
 * tools are plain ESM outside the Nx projects, so they are imported at run time, as in
 * repo-checks/platform-tools.int-spec.ts).
 */

export interface ReplicaProcess {
  app: string;
  index: number;
  port: number;
  readonly pid: number | undefined;
  readonly replicaId: string | undefined;
  readonly alive: boolean;
  kill(signal?: NodeJS.Signals): Promise<unknown>;
  restart(graceMs?: number): Promise<void>;
}

export interface ReplicatedPlatform {
  urls: { api: string };
  ports: Record<string, number>;
  databaseUrls: { owner: string; app: string };
  loadBalancer: { port: number; connectionsTo(): Record<string, number>; refusedBy(): Record<string, number> } | null;
  processes(app?: string): ReplicaProcess[];
  stop(): Promise<void>;
}

interface PlatformTools {
  startPlatform(options: object): Promise<ReplicatedPlatform>;
  freePorts(count: number): Promise<number[]>;
}

export interface ReplicatedPlatformOptions {
  /** Apps besides the gateway (built first with Nx: its cache makes that quick when nothing changed). */
  apps: string[];
  /** Processes per app: a number for every replicable app, or a map. */
  replicas: number | Record<string, number>;
  /** Distinguishes this suite's database, NATS subjects and Redis keys. */
  tag: string;
  env?: Record<string, string>;
}

/**
 * Builds the apps and starts them as child processes on free ports, with a database, NATS subject
 * prefix and Redis prefix of their own (`env` of the answer), dropped on stop().
 */
export async function startReplicatedPlatform(
  options: ReplicatedPlatformOptions,
): Promise<{ platform: ReplicatedPlatform; env: Record<string, string> }> {
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', `--projects=${['gateway', ...options.apps].join(',')}`, '--output-style=static'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const tools = (await import(path.join(REPO_ROOT, 'tools', 'platform.mjs'))) as PlatformTools;
  const names = ['gateway', ...options.apps, 'smtp'];
  const free = await tools.freePorts(names.length);
  const env = {
    LOG_LEVEL: 'warn',
    NATS_SUBJECT_PREFIX: `${options.tag}.`,
    REDIS_PREFIX: `${options.tag}:`,
    BAILEYS_ENABLED: 'false',
    SANDBOX_DEMO: 'false',
    SANDBOX_AUTO_SCAN_MS: '200',
    SANDBOX_ACK_DELAY_MS: '100',
    ...options.env,
  };
  const platform = await tools.startPlatform({
    build: false,
    web: false,
    apps: options.apps,
    replicas: options.replicas,
    ports: Object.fromEntries(names.map((name, i) => [name, free[i]!])),
    database: `atrium_${options.tag}`,
    dropDatabaseOnStop: true,
    env,
    log: () => {},
  });
  return { platform, env };
}
