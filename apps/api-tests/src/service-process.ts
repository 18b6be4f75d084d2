import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, REPO_ROOT } from '@atrium/testing';
import { eventually } from './nats-fixtures.js';

/**
 * Starts `apps/<app>/dist` (built from this checkout) as a process of its own, with `env` over
 * this process's, on a free health port; resolves once it answers /health/ready. For the crash
 * suites, which kill it with SIGKILL (killProcess) and start another.
 */
export async function startServiceProcess(app: string, env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, `apps/${app}/dist/main.js`)], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env, HEALTH_PORT: String(port) },
    stdio: 'ignore',
  });
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status === 200, 60_000, 200);
  return child;
}

/** SIGKILL: no shutdown hook, no draining; resolves once the process exited. */
export function killProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
