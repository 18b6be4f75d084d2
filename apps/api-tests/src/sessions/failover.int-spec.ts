import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { loadConfig } from '@atrium/config';
import { SessionsSubjects, type WhatsappView } from '@atrium/contracts';
import type { RpcClient } from '@atrium/messaging';
import { startService } from '@atrium/service-kit';
import { SessionsAppModule, SessionsConfig } from '@atrium/app-sessions';
import { eventually } from '../nats-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import type { Tenant } from '../tenants.js';
import { InboundTap } from './inbound-tap.js';
import {
  buildSessionsApp,
  connectSandboxNumber,
  nextSession,
  sandboxCall,
  sessionsEnv,
  sessionsTenant,
  startSessionsProcess,
  startSessionsStack,
  type SessionsProcess,
  type SessionsStack,
  type SessionsTenant,
} from './sessions-fixtures.js';

function startReplica(env: Record<string, string>, replicaId: string): Promise<INestApplication> {
  const config = loadConfig(SessionsConfig, { ...env, SESSIONS_REPLICA_ID: replicaId });
  return startService({ service: 'sessions', config, module: SessionsAppModule.forRoot(config) });
}

async function leaseOwner(ownerUrl: string, whatsappId: number): Promise<string | null> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const result = await client.query<{ owner: string | null }>('select owner from sessions.session_leases where whatsapp_id = $1', [
      whatsappId,
    ]);
    return result.rows[0]?.owner ?? null;
  } finally {
    await client.end();
  }
}

async function ownerSql(ownerUrl: string, text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Each id's count among the messages the tap read. */
function copiesOf(tap: InboundTap, ids: string[]): number[] {
  return ids.map((id) => tap.events.filter((e) => e.event.type === 'message' && e.event.message.id === id).length);
}

describe('session ownership between two sessions replicas in one process', () => {
  let env: SessionsStack;
  let company: SessionsTenant;
  let tenant: Tenant;
  let socket: SocketRecorder;
  let replicaB: INestApplication;
  let tap: InboundTap;
  let rpc: RpcClient;

  beforeAll(async () => {
    // Rebalancing on (the default pace): sends to a session being moved wait for its new owner.
    env = await startSessionsStack({ env: { SESSIONS_REPLICA_ID: 'replica-a' } });
    replicaB = await startReplica(env.stack.env, 'replica-b');
    company = await sessionsTenant(env.stack, 5);
    ({ tenant, socket, tap, rpc } = company);
  });
  afterAll(async () => {
    await company.close();
    await replicaB.close();
    await env.stop();
  });

  it('runs each session in exactly one replica and reaches it from either for outbound sends', async () => {
    const a = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, '5511972000001', 'Line A');
    const b = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, '5511972000002', 'Line B');
    for (const connection of [a, b])
      expect(['replica-a', 'replica-b']).toContain(await leaseOwner(env.stack.database.ownerUrl, connection.id));
    const sessions = (await sandboxCall<Array<{ number: string; connected: boolean }>>(env.sandbox, 'GET', '/sessions')).body;
    expect(
      sessions
        .filter((s) => s.connected)
        .map((s) => s.number)
        .sort(),
    ).toEqual(['5511972000001', '5511972000002']);

    // Requests land on either replica (NATS queue group); each is run by the session's owner.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        rpc.request(SessionsSubjects.command, {
          companyId: tenant.companyId,
          whatsappId: i % 2 === 0 ? a.id : b.id,
          command: { type: 'sendText', to: '5511987002001', body: `msg ${i}` },
        }),
      ),
    );
    expect(results.every((r) => 'id' in r)).toBe(true);
    // Another company's command is refused by the session's owner, whichever replica it landed on.
    const foreign = Array.from({ length: 8 }, (_, i) =>
      rpc.request(SessionsSubjects.command, {
        companyId: tenant.companyId + 1000,
        whatsappId: i % 2 === 0 ? a.id : b.id,
        command: { type: 'sendText', to: '5511987002001', body: `foreign ${i}` },
      }),
    );
    for (const attempt of foreign) await expect(attempt).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    const received = (await sandboxCall<Array<{ from: string }>>(env.sandbox, 'GET', '/messages?customer=5511987002001')).body;
    expect(received.filter((m) => m.from === '5511972000001')).toHaveLength(4);
    expect(received.filter((m) => m.from === '5511972000002')).toHaveLength(4);
  });

  it('stops a session whose lease another replica took, and runs it again once that lease lapses', async () => {
    const connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, '5511972000003', 'Fenced');
    await ownerSql(
      env.stack.database.ownerUrl,
      "update sessions.session_leases set owner = 'ghost', expires_at = now() + interval '2 seconds' where whatsapp_id = $1",
      [connection.id],
    );
    // The replica notices at its next renewal and lets go of the network connection.
    await eventually(async () => {
      const sessions = (await sandboxCall<Array<{ number: string; connected: boolean }>>(env.sandbox, 'GET', '/sessions')).body;
      return sessions.find((s) => s.number === '5511972000003')?.connected === false;
    }, 5000);
    // The ghost never renews: a live replica claims the session and reconnects from the stored pairing.
    await nextSession(socket, tenant.companyId, connection.id, (s) => s.status === 'CONNECTED', 10_000);
    expect(['replica-a', 'replica-b']).toContain(await leaseOwner(env.stack.database.ownerUrl, connection.id));
  });

  it('hands a replica’s sessions to the other when it shuts down, losing no inbound message', async () => {
    const connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, '5511972000004', 'Handover');
    const owner = await leaseOwner(env.stack.database.ownerUrl, connection.id);
    const leaving = owner === 'replica-a' ? env.stack.apps.sessions! : replicaB;
    const ids: string[] = [];
    const send = async (n: number) => {
      const sent = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
        from: '5511987002002',
        to: '5511972000004',
        body: `m${n}`,
      });
      ids.push(sent.body.id);
    };
    for (let i = 0; i < 5; i += 1) await send(i);
    const started = Date.now();
    const closing = leaving.close();
    for (let i = 5; i < 15; i += 1) await send(i);
    await closing;
    await nextSession(socket, tenant.companyId, connection.id, (s) => s.status === 'CONNECTED', 10_000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await leaseOwner(env.stack.database.ownerUrl, connection.id)).toBe(owner === 'replica-a' ? 'replica-b' : 'replica-a');
    for (const id of ids) await tap.message(id);
    expect(copiesOf(tap, ids)).toEqual(ids.map(() => 1));
    // The leaving replica is gone: put a fresh one in its place for the other tests' afterAll.
    if (leaving === replicaB) replicaB = await startReplica(env.stack.env, 'replica-b');
  });
});

describe('a sessions replica that crashes', () => {
  let env: SessionsStack;
  let company: SessionsTenant | undefined;
  let tenant: Tenant;
  let socket: SocketRecorder;
  let child: SessionsProcess | undefined;
  let survivor: INestApplication | undefined;
  let tap: InboundTap;

  beforeAll(async () => {
    // The crashing replica runs as its own process (built from this checkout) so it can be killed for real.
    buildSessionsApp();
    env = await startSessionsStack({ services: ['identity'] });
    // Production lease timing: the test measures the real takeover bound.
    child = await startSessionsProcess(
      { ...sessionsEnv(env.sandbox, env.stack.env), SESSION_LEASE_TTL_MS: '15000', SESSION_LEASE_RENEW_MS: '5000' },
      'doomed',
    );
    company = await sessionsTenant(env.stack, 2);
    ({ tenant, socket, tap } = company);
  }, 60_000);
  afterAll(async () => {
    await child?.stop('SIGKILL');
    await company?.close();
    await survivor?.close();
    await env?.stop();
  });

  it('has its sessions taken over within 30 s, and every inbound message lands on the stream exactly once', async () => {
    const connection: WhatsappView = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, '5511973000001');
    expect(await leaseOwner(env.stack.database.ownerUrl, connection.id)).toBe('doomed');
    survivor = await startReplica(
      { ...sessionsEnv(env.sandbox, env.stack.env), SESSION_LEASE_TTL_MS: '15000', SESSION_LEASE_RENEW_MS: '5000' },
      'survivor',
    );

    // A customer writes steadily; the owning process dies in the middle of it.
    const ids: string[] = [];
    let killedAt = 0;
    for (let i = 0; i < 40; i += 1) {
      const sent = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
        from: '5511987003001',
        to: '5511973000001',
        body: `pedido ${i}`,
      });
      ids.push(sent.body.id);
      if (i === 20) {
        killedAt = Date.now();
        await child!.stop('SIGKILL');
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await nextSession(socket, tenant.companyId, connection.id, (s) => s.status === 'CONNECTED', 30_000);
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(30_000);
    expect(await leaseOwner(env.stack.database.ownerUrl, connection.id)).toBe('survivor');

    for (const id of ids) await tap.message(id, 10_000);
    expect(copiesOf(tap, ids)).toEqual(ids.map(() => 1));
    expect(await tap.storedCount()).toBe(ids.length);
  }, 60_000);
});
