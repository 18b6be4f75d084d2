import pg from 'pg';
import { OUTBOUND_COMMAND_TIMEOUT_MS, SessionsSubjects } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import type { Tenant } from '../tenants.js';
import type { InboundTap } from './inbound-tap.js';
import {
  buildSessionsApp,
  sandboxCall,
  sessionsEnv,
  sessionsTenant,
  startSessionsProcess,
  startSessionsStack,
  type SessionsProcess,
  type SessionsStack,
  type SessionsTenant,
} from './sessions-fixtures.js';

const SESSIONS = 40;
/** The customer the agents write to while sessions move. */
const AGENTS_CUSTOMER = '5511987004002';
/** Replica A's rebalance pace: 2 handovers a second, so moving 20 sessions takes about 10 s. */
const MAX_PER_MINUTE = 120;

/** An agent's send: body, the WhatsApp id given with it (every other one) or none, and when it was issued. */
interface AgentSend {
  body: string;
  newMessageId?: string;
  issuedAt: number;
}

interface Sample {
  at: number;
  owners: Map<string, number>;
  /** Claims of the company's leases so far: each handover adds one. */
  generations: number;
}

/**
 * Two sessions replicas: A in this process, B in a process of its own (started and signalled by
 * the test). Ownership is sampled from the leases table all along; the sandbox counts every time a
 * second client connected one of its numbers while another still was (`replaced`): it must stay 0.
 */
describe('sessions spread over the replicas', () => {
  let env: SessionsStack;
  let company: SessionsTenant;
  let tenant: Tenant;
  let tap: InboundTap;
  let db: pg.Client;
  let replicaB: SessionsProcess | undefined;
  let numbers: string[] = [];
  let connectionIds: number[] = [];
  /** Agents' sends so far. */
  const agentSends: AgentSend[] = [];
  const agentFailures: string[] = [];
  const sent: string[] = [];
  let replicaEnv: Record<string, string>;

  async function sample(): Promise<Sample> {
    const { rows } = await db.query<{ owner: string | null; sessions: number; generations: number }>(
      'select owner, count(*)::int as sessions, sum(generation)::int as generations from sessions.session_leases where company_id = $1 group by owner',
      [tenant.companyId],
    );
    return {
      at: Date.now(),
      owners: new Map(rows.filter((row) => row.owner !== null).map((row) => [row.owner!, row.sessions])),
      generations: rows.reduce((sum, row) => sum + row.generations, 0),
    };
  }

  /** The company's numbers at the sandbox: how many are connected, and how many times one was connected twice. */
  async function sandboxView(): Promise<{ connected: number; replaced: number }> {
    const sessions = (
      await sandboxCall<Array<{ number: string; connected: boolean; replaced: number }>>(env.sandbox, 'GET', '/sessions')
    ).body.filter((s) => numbers.includes(s.number));
    return { connected: sessions.filter((s) => s.connected).length, replaced: sessions.reduce((sum, s) => sum + s.replaced, 0) };
  }

  async function connectedRows(): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from sessions.whatsapps where company_id = $1 and status = 'CONNECTED'",
      [tenant.companyId],
    );
    return rows[0]!.n;
  }

  /** Samples ownership every 100 ms until `done` settles; answers the samples. */
  async function watch(done: Promise<unknown>): Promise<Sample[]> {
    const samples: Sample[] = [await sample()];
    let finished = false;
    void done.finally(() => (finished = true)).catch(() => undefined);
    while (!finished) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      samples.push(await sample());
    }
    await done;
    samples.push(await sample());
    return samples;
  }

  /** A customer writes to the company's numbers in turn, one message every 50 ms, until `done` settles. */
  async function customersWrite(done: Promise<unknown>): Promise<void> {
    let finished = false;
    void done.finally(() => (finished = true)).catch(() => undefined);
    while (!finished) {
      const to = numbers[sent.length % numbers.length]!;
      const message = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
        from: '5511987004001',
        to,
        body: `m${sent.length}`,
      });
      sent.push(message.body.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Agents send to the company's numbers in turn through the sessions' outbound command until `done`
   * settles: a new send every 50 ms whatever the earlier ones wait for (at most six unanswered: a send
   * to a session being handed over waits for its new owner), so sends keep being issued while
   * sessions move; failures are collected.
   */
  async function agentsSend(done: Promise<unknown>): Promise<void> {
    let finished = false;
    void done.finally(() => (finished = true)).catch(() => undefined);
    const inFlight = new Set<Promise<void>>();
    const sendOne = async (send: AgentSend, whatsappId: number) => {
      try {
        await company.rpc.request(
          SessionsSubjects.command,
          {
            companyId: tenant.companyId,
            whatsappId,
            command: { type: 'sendText', to: AGENTS_CUSTOMER, body: send.body, newMessageId: send.newMessageId },
          },
          { timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS },
        );
      } catch (error) {
        agentFailures.push(`${send.body}: ${(error as { code?: string }).code ?? String(error)} after ${Date.now() - send.issuedAt} ms`);
      }
    };
    while (!finished) {
      if (inFlight.size < 6) {
        const n = agentSends.length;
        const send = {
          body: `agent ${n}`,
          newMessageId: n % 2 === 0 ? `3EB0A6E47${String(n).padStart(7, '0')}` : undefined,
          issuedAt: Date.now(),
        };
        agentSends.push(send);
        const pending = sendOne(send, connectionIds[n % connectionIds.length]!).finally(() => inFlight.delete(pending));
        inFlight.add(pending);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(inFlight);
  }

  /** Every agent send so far succeeded and reached the customer exactly once (with the WhatsApp id it was given). */
  async function expectAgentSendsArrivedOnce(): Promise<void> {
    expect(agentFailures).toEqual([]);
    const received = (await sandboxCall<Array<{ id: string; body: string }>>(env.sandbox, 'GET', `/messages?customer=${AGENTS_CUSTOMER}`))
      .body;
    const wrong = agentSends.filter((send) => {
      const copies = received.filter((m) => m.body === send.body);
      return copies.length !== 1 || (send.newMessageId !== undefined && copies[0]!.id !== send.newMessageId);
    });
    expect(wrong).toEqual([]);
  }

  const balanced = (s: Sample) => [...s.owners.values()].every((n) => Math.abs(n - SESSIONS / 2) <= 2) && s.owners.size === 2;

  beforeAll(async () => {
    buildSessionsApp();
    env = await startSessionsStack({
      env: { SESSIONS_REPLICA_ID: 'replica-a', SESSIONS_REBALANCE_MAX_PER_MINUTE: String(MAX_PER_MINUTE) },
      sandbox: { SANDBOX_AUTO_SCAN_MS: 50, SANDBOX_HISTORY_LIMIT: 5000 },
    });
    replicaEnv = { ...sessionsEnv(env.sandbox, env.stack.env), SESSIONS_REBALANCE_MAX_PER_MINUTE: String(MAX_PER_MINUTE) };
    company = await sessionsTenant(env.stack, SESSIONS);
    ({ tenant, tap } = company);
    db = new pg.Client({ connectionString: env.stack.database.ownerUrl });
    await db.connect();
    // Forty sandbox numbers, paired by the sandbox itself, all run by replica A (the only one).
    for (let i = 0; i < SESSIONS; i += 1) {
      const created = await tenant.admin.post<{ id: number }>('/whatsapp', { name: `Line ${i}`, provider: 'sandbox' });
      if (created.status !== 201) throw new Error(`connection not created: ${created.status}`);
    }
    await eventually(async () => (await connectedRows()) === SESSIONS, 40_000, 200);
    const rows = (
      await db.query<{ id: number; number: string }>('select id, number from sessions.whatsapps where company_id = $1', [tenant.companyId])
    ).rows;
    numbers = rows.map((row) => row.number);
    connectionIds = rows.map((row) => row.id);
  }, 90_000);

  afterAll(async () => {
    await replicaB?.stop('SIGKILL');
    await db?.end();
    await company?.close();
    await env?.stop();
  });

  it('hands half of them to a replica that joins, at a bounded rate, never running one session twice; agents’ sends all land once', async () => {
    expect([...(await sample()).owners.entries()]).toEqual([['replica-a', SESSIONS]]);
    const joined = (async () => {
      replicaB = await startSessionsProcess(replicaEnv, 'replica-b');
      await eventually(
        async () => balanced(await sample()) && (await connectedRows()) === SESSIONS && (await sandboxView()).connected === SESSIONS,
        45_000,
        100,
      );
    })();
    const [samples] = await Promise.all([watch(joined), customersWrite(joined), agentsSend(joined)]);

    const last = samples.at(-1)!;
    expect(balanced(last)).toBe(true);
    const handovers = last.generations - samples[0]!.generations;
    expect(handovers).toBeGreaterThanOrEqual(SESSIONS / 2 - 2);
    // Bounded rate: in any 5 s, at most 2/s × 5 s plus one sweep's burst (and one in flight).
    for (const start of samples) {
      const within = samples.filter((s) => s.at >= start.at && s.at <= start.at + 5000).at(-1)!;
      expect(within.generations - start.generations).toBeLessThanOrEqual((MAX_PER_MINUTE / 60) * 5 + 2);
    }
    expect(await sandboxView()).toEqual({ connected: SESSIONS, replaced: 0 });
    // Every message written while sessions moved reached the inbound stream exactly once.
    for (const id of sent) await tap.message(id, 15_000);
    expect(sent.filter((id) => tap.events.filter((e) => e.event.type === 'message' && e.event.message.id === id).length !== 1)).toEqual([]);
    // Agents' sends to sessions being handed over were held until their new owner connected.
    expect(agentSends.length).toBeGreaterThan(20);
    await expectAgentSendsArrivedOnce();
  }, 80_000);

  it('takes all of them back within seconds when that replica shuts down gracefully (SIGTERM); agents’ sends all land once', async () => {
    // Traffic first: agents' and customers' sends in flight before the SIGTERM, kept up until the
    // sessions are back and a dozen more sends were issued after it.
    let stopTraffic!: () => void;
    const trafficDone = new Promise<void>((resolve) => (stopTraffic = resolve));
    const traffic = Promise.all([customersWrite(trafficDone), agentsSend(trafficDone)]);
    const sentBefore = agentSends.length;
    await eventually(async () => agentSends.length >= sentBefore + 6, 5000, 10);
    const signalledAt = Date.now();
    const handedBack = (async () => {
      await replicaB!.stop('SIGTERM');
      await eventually(
        async () => (await sample()).owners.get('replica-a') === SESSIONS && (await sandboxView()).connected === SESSIONS,
        10_000,
        50,
      );
    })();
    const handedBackAt = handedBack.then(() => Date.now());
    const [samples] = await Promise.all([
      watch(handedBack),
      (async () => {
        try {
          await handedBack;
          await eventually(async () => agentSends.filter((send) => send.issuedAt >= signalledAt).length >= 12, 10_000, 20);
        } finally {
          stopTraffic();
          await traffic;
        }
      })(),
    ]);
    const backAt = await handedBackAt;
    expect(backAt - signalledAt).toBeLessThan(5000);
    // Sends were issued while the sessions moved (after the SIGTERM, before all were back) ...
    expect(agentSends.filter((send) => send.issuedAt >= signalledAt && send.issuedAt <= backAt).length).toBeGreaterThan(0);
    // ... and every one, before, during and after the handback, landed exactly once.
    await expectAgentSendsArrivedOnce();
    expect([...samples.at(-1)!.owners.entries()]).toEqual([['replica-a', SESSIONS]]);
    await eventually(async () => (await connectedRows()) === SESSIONS, 5000, 50);
    expect(await sandboxView()).toEqual({ connected: SESSIONS, replaced: 0 });
    for (const id of sent) await tap.message(id, 15_000);
    expect(sent.filter((id) => tap.events.filter((e) => e.event.type === 'message' && e.event.message.id === id).length !== 1)).toEqual([]);
  }, 30_000);

  it('takes over the sessions of a replica killed outright (SIGKILL) once their leases lapse', async () => {
    replicaB = await startSessionsProcess(replicaEnv, 'replica-c');
    await eventually(
      async () => ((await sample()).owners.get('replica-c') ?? 0) >= 6 && (await sandboxView()).connected === SESSIONS,
      45_000,
      100,
    );
    const killed = Date.now();
    await replicaB.stop('SIGKILL');
    await eventually(
      async () => (await sample()).owners.get('replica-a') === SESSIONS && (await sandboxView()).connected === SESSIONS,
      15_000,
      50,
    );
    // Lease lifetime 3 s (sessionsEnv) plus a sweep or two and the reconnects.
    expect(Date.now() - killed).toBeLessThan(10_000);
    await eventually(async () => (await connectedRows()) === SESSIONS, 5000, 50);
    expect(await sandboxView()).toEqual({ connected: SESSIONS, replaced: 0 });
  }, 70_000);
});
