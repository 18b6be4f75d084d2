import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { PlanView, WhatsappSessionEventPayload, WhatsappView } from '@atrium/contracts';
import { startSandbox, type RunningSandbox } from '@atrium/app-wa-sandbox';
import { createLogger, type Logger } from '@atrium/logging';
import { PrefixedNatsClient, RpcClient } from '@atrium/messaging';
import { deleteTestStreams, freePort, REPO_ROOT } from '@atrium/testing';
import type { ApiClient } from '../api-client.js';
import { createPlan } from '../identity-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { startStack, type ServiceName, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { eventually } from '../nats-fixtures.js';
import { InboundTap } from './inbound-tap.js';

export interface SessionsStack {
  stack: Stack;
  sandbox: RunningSandbox;
  stop(): Promise<void>;
}

/** Environment of the sessions service in tests: the sandbox, no Baileys, fast leases and no send pacing. */
export function sessionsEnv(sandbox: RunningSandbox, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SANDBOX_WS_URL: sandbox.wsUrl,
    BAILEYS_ENABLED: 'false',
    SESSION_LEASE_TTL_MS: '3000',
    SESSION_LEASE_RENEW_MS: '500',
    SEND_MIN_GAP_MS: '0',
    RECONNECT_BASE_MS: '50',
    RECONNECT_MAX_MS: '500',
    ...extra,
  };
}

/** wa-sandbox in this process, and the gateway with identity and sessions pointed at it. */
export async function startSessionsStack(
  options: { env?: Record<string, string>; sandbox?: Parameters<typeof startSandbox>[0]; services?: ServiceName[]; aiLogger?: Logger } = {},
): Promise<SessionsStack> {
  const sandbox = await startSandbox(
    { PORT: 0, HOST: '127.0.0.1', SANDBOX_ACK_DELAY_MS: 50, ...options.sandbox },
    createLogger({ service: 'wa-sandbox', level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  try {
    const stack = await startStack({
      services: options.services ?? ['identity', 'sessions'],
      env: sessionsEnv(sandbox, options.env),
      aiLogger: options.aiLogger,
    });
    return {
      stack,
      sandbox,
      async stop() {
        await stack.stop();
        await sandbox.close();
        await deleteTestStreams(stack.env);
      },
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/** What a sessions test drives a company's connections with; close() lets go of the socket, tap and NATS client. */
export interface SessionsTenant {
  tenant: Tenant;
  /** A socket of the company's admin, recording every event. */
  socket: SocketRecorder;
  /** A durable consumer of the inbound stream, as the tickets service has. */
  tap: InboundTap;
  /** Calls the sessions service as other services do. */
  rpc: RpcClient;
  close(): Promise<void>;
}

/** A company on a plan of its own (e.g. `{ connections: 2 }`), its admin logged in, with a socket of that admin. */
export async function tenantWithSocket(stack: Stack, plan: Partial<PlanView>): Promise<{ tenant: Tenant; socket: SocketRecorder }> {
  const tenant = await signUpTenant(stack, (await createPlan(await superAdmin(stack), plan)).id);
  return { tenant, socket: await socketOf(stack, tenant.admin) };
}

/** A company on a plan allowing `connections` connections, its admin logged in, with a socket, an inbound tap and a NATS client. */
export async function sessionsTenant(stack: Stack, connections: number): Promise<SessionsTenant> {
  const { tenant, socket } = await tenantWithSocket(stack, { connections });
  const tap = await InboundTap.open(stack.env);
  const rpc = rpcFor(stack);
  return {
    tenant,
    socket,
    tap,
    rpc,
    async close() {
      socket.close();
      await rpc.close();
      await tap.close();
    },
  };
}

/** A NATS request client under the stack's subject prefix, as other services call the sessions service. */
export function rpcFor(stack: Stack): RpcClient {
  return new RpcClient(new PrefixedNatsClient({ servers: stack.env.NATS_URL }, stack.env.NATS_SUBJECT_PREFIX!));
}

/** The next whatsappSession update of a connection that satisfies `where`. */
export async function nextSession(
  recorder: SocketRecorder,
  companyId: number,
  whatsappId: number,
  where: (session: WhatsappSessionEventPayload['session']) => boolean,
  timeoutMs = 25_000, // past the sandbox's 20 s QR refresh, so a loaded machine gets a second chance
): Promise<WhatsappSessionEventPayload['session']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const payload = await recorder.next<WhatsappSessionEventPayload>(
      `company-${companyId}-whatsappSession`,
      Math.max(1, deadline - Date.now()),
    );
    if (payload.session.id === whatsappId && where(payload.session)) return payload.session;
  }
}

/** Creates a sandbox connection, scans its first QR code through the sandbox and waits until it is CONNECTED. */
export async function connectSandboxNumber(
  env: SessionsStack,
  admin: ApiClient,
  recorder: SocketRecorder,
  companyId: number,
  number: string,
  name = 'Sandbox',
): Promise<WhatsappView> {
  const created = await admin.post<WhatsappView>('/whatsapp', { name, provider: 'sandbox' });
  if (created.status !== 201) throw new Error(`connection not created: ${created.status} ${JSON.stringify(created.body)}`);
  const qr = await nextSession(recorder, companyId, created.body.id, (s) => s.status === 'qrcode');
  const scan = await fetch(`${env.sandbox.url}/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ qr: qr.qrcode, number }),
  });
  if (scan.status !== 200) throw new Error(`scan failed: ${scan.status}`);
  await nextSession(recorder, companyId, created.body.id, (s) => s.status === 'CONNECTED');
  return created.body;
}

/** The sandbox's HTTP API. */
export async function sandboxCall<T = Record<string, unknown>>(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(sandbox.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A sessions replica in a process of its own, so a test can stop it with a real signal. */
export interface SessionsProcess {
  child: ChildProcess;
  /** Sends the signal and waits until the process has exited. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Builds the sessions app from this checkout (nx caches it), for sessions processes a test starts. */
export function buildSessionsApp(): void {
  execFileSync('npx', ['nx', 'run', 'sessions:build', '--output-style=static'], { cwd: REPO_ROOT, stdio: 'ignore' });
}

/**
 * Starts apps/sessions/dist (see buildSessionsApp) as replica `replicaId` of the stack's sessions
 * service, with `env` over the stack's; resolves once it is ready.
 */
export async function startSessionsProcess(env: Record<string, string>, replicaId: string): Promise<SessionsProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/sessions/dist/main.js')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, SESSIONS_REPLICA_ID: replicaId, HEALTH_PORT: String(port) },
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`sessions replica ${replicaId} exited with ${child.exitCode}`);
      return (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status === 200;
    },
    20_000,
    200,
  );
  return {
    child,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
