import { execFileSync, type ChildProcess } from 'node:child_process';
import { jest } from '@jest/globals';
import { REPO_ROOT } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { publishFlowOnNumber } from './ai-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { killProcess, startServiceProcess } from '../service-process.js';
import { sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from '../tickets/inbound-publisher.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972700201';
const CUSTOMERS = 12;
const NAMES = Array.from({ length: CUSTOMERS }, (_, i) => `Pessoa${i + 1}`);
/** The messages of the flow's first step: sent in one `tickets.bot.act`, one after another. */
const STEP_TEXTS = Array.from({ length: 8 }, (_, i) => `Parte ${i + 1} de 8.`);

const at = { x: 0, y: 0 };
const n = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: at, data });
const e = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}-${sourceHandle ?? 'out'}`,
  source,
  target,
  sourceHandle,
});

/** A first step of eight messages and a question, then an end. */
const NODES = [
  n('start', 'start', { trigger: 'new-conversation' }),
  ...STEP_TEXTS.map((text, i) => n(`part${i + 1}`, 'message', { text })),
  n('name', 'question', { text: 'Seu nome?', variable: 'nome', validation: 'text' }),
  n('bye', 'end', { text: 'Até logo, {{nome}}.' }),
];
const EDGES = [
  e('start', 'part1'),
  ...STEP_TEXTS.slice(1).map((_, i) => e(`part${i + 1}`, `part${i + 2}`)),
  e('part8', 'name'),
  e('name', 'bye', 'answered'),
];
const FIRST_STEP = [...STEP_TEXTS, 'Seu nome?'];

/**
 * Issue 27's proof that a flow step survives the death of the tickets service in its middle: a
 * step's nine messages go out in one `tickets.bot.act`, and the tickets service (its own process,
 * built from this checkout) is killed with SIGKILL while twelve customers' steps are being sent:
 * some steps claimed with part of their messages sent, some not yet claimed. The step's actions
 * were stored with its claim (`tickets.bot_act_steps`); the next process applies what is left of
 * each, so every customer receives every message of the step exactly once, in order, and the
 * conversations go on.
 */
describe('a tickets service killed in the middle of a flow step', () => {
  jest.setTimeout(240_000);
  let env: SessionsStack;
  let tenant: Tenant;
  let tickets: ChildProcess | undefined;

  const startTickets = (): Promise<ChildProcess> =>
    startServiceProcess('tickets', {
      ...env.stack.env,
      // A short lease and ack wait: what the killed process had in hand is taken over within seconds.
      BOT_REPLY_LEASE_MS: '3000',
      BOT_REPLY_SWEEP_MS: '300',
      INBOUND_ACK_WAIT_SECONDS: '5',
    });

  beforeAll(async () => {
    execFileSync('npx', ['nx', 'run', 'tickets:build', '--output-style=static'], { cwd: REPO_ROOT, stdio: 'ignore' });
    env = await startSessionsStack({ services: ['identity', 'sessions', 'ai'] });
    tickets = await startTickets();
    const plan = await createPlan(await superAdmin(env.stack), { connections: 2, queues: 5, useIntegrations: true });
    tenant = await signUpTenant(env.stack, plan.id);
    await publishFlowOnNumber(env, tenant, BUSINESS, { name: 'Passo longo', nodes: NODES, edges: EDGES });
  }, 300_000);
  afterAll(async () => {
    if (tickets) await killProcess(tickets);
    await env?.stop();
    if (env) await (await InboundPublisher.open(env.stack.env)).close();
  });

  const customers = Array.from({ length: CUSTOMERS }, (_, i) => `55119876000${String(i + 1).padStart(2, '0')}`);
  const says = (customer: string, body: string) =>
    sandboxCall(env.sandbox, 'POST', '/messages', { from: customer, to: BUSINESS, pushName: 'Cliente', body });
  const inbox = async (customer: string) =>
    (await sandboxCall<Array<{ body: string }>>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body.map((m) => m.body);
  const inboxes = () => Promise.all(customers.map(inbox));
  /** Every customer has received at least `count` messages (on a timeout: what each has, against `expected`). */
  const allReceived = async (count: number, expected: string[][], timeoutMs = 30_000) => {
    try {
      await eventually(async () => (await inboxes()).every((received) => received.length >= count), timeoutMs, 100);
    } catch {
      expect(await inboxes()).toEqual(expected);
    }
  };
  const leftSteps = async () =>
    Number(
      (
        await ownerQuery<{ count: string }>(env.stack, 'select count(*) from tickets.bot_act_steps where company_id = $1', [
          tenant.companyId,
        ])
      )[0]?.count,
    );

  it('sends every message of a step exactly once after a SIGKILL in its middle', async () => {
    await Promise.all(customers.map((customer) => says(customer, 'oi')));
    // The process dies as soon as the first message of a step reached a customer, the rest of that
    // step and the other customers' steps still to send.
    await eventually(async () => (await inboxes()).some((received) => received.length >= 1), 30_000, 10);
    await killProcess(tickets!);
    tickets = undefined;
    const received = await inboxes();
    // the kill fell inside steps: claimed steps with messages left (the case this suite is about)
    expect(received.some((messages) => messages.length < FIRST_STEP.length)).toBe(true);
    const claimedWithMessagesLeft = await leftSteps();
    expect(claimedWithMessagesLeft).toBeGreaterThan(0);

    tickets = await startTickets();
    await allReceived(
      FIRST_STEP.length,
      customers.map(() => FIRST_STEP),
      90_000,
    );
    // Nothing is left to apply or to walk: a message sent twice would be here by now.
    await eventually(async () => {
      const [pending] = await ownerQuery<{ count: string }>(
        env.stack,
        "select count(*) from ai.bot_turns where company_id = $1 and status = 'pending'",
        [tenant.companyId],
      );
      return (await leftSteps()) === 0 && pending?.count === '0';
    }, 30_000);
    expect(await inboxes()).toEqual(customers.map(() => FIRST_STEP));

    // The conversations go on from the question: each answer ends the flow once.
    await Promise.all(customers.map((customer, i) => says(customer, NAMES[i]!)));
    const walked = (i: number) => [...FIRST_STEP, `Até logo, ${NAMES[i]}.`];
    await allReceived(
      FIRST_STEP.length + 1,
      customers.map((_, i) => walked(i)),
    );
    await eventually(async () => (await leftSteps()) === 0, 20_000);
    expect(await inboxes()).toEqual(customers.map((_, i) => walked(i)));

    // As stored by tickets: each bot message once, in order, every one sent (a retried send kept its first row).
    const stored = await ownerQuery<{ number: string; body: string; from_me: boolean; wid: string | null }>(
      env.stack,
      `select c.number, m.body, m.from_me, m.wid from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
        where m.company_id = $1 order by m.id`,
      [tenant.companyId],
    );
    customers.forEach((customer, i) => {
      const own = stored.filter((row) => row.number === customer && row.from_me);
      expect(own.map((row) => row.body)).toEqual(walked(i));
      expect(own.filter((row) => row.wid === null)).toEqual([]);
    });
  });
});
