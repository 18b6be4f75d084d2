import { execFileSync, type ChildProcess } from 'node:child_process';
import { jest } from '@jest/globals';
import type { FlowView } from '@atrium/contracts';
import { REPO_ROOT } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { publishFlowOnNumber } from './ai-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { killProcess, startServiceProcess } from '../service-process.js';
import { sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972700101';
const CUSTOMERS = 16;
const NAMES = Array.from({ length: CUSTOMERS }, (_, i) => `Pessoa${i + 1}`);

const at = { x: 0, y: 0 };
const n = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: at, data });
const e = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}-${sourceHandle ?? 'out'}`,
  source,
  target,
  sourceHandle,
});

/** A walk of every kind of step the runtime keeps: several messages in one step, a question, a durable delay, a menu, an end. */
const NODES = [
  n('start', 'start', { trigger: 'new-conversation' }),
  n('hello', 'message', { text: 'Olá {{firstName}}, passo 1.' }),
  n('second', 'message', { text: 'Passo 2.' }),
  n('name', 'question', { text: 'Seu nome?', variable: 'nome', validation: 'text' }),
  n('thanks', 'message', { text: 'Obrigado, {{nome}}.' }),
  n('pause', 'delay', { seconds: 1 }),
  n('menu', 'menu', {
    text: 'Escolha:',
    options: [
      { id: 'sales', label: 'Vendas' },
      { id: 'support', label: 'Suporte' },
    ],
  }),
  n('salesEnd', 'end', { text: 'Vendas: até logo, {{nome}}.' }),
  n('supportEnd', 'end', { text: 'Suporte: até logo.' }),
];
const EDGES = [
  e('start', 'hello'),
  e('hello', 'second'),
  e('second', 'name'),
  e('name', 'thanks', 'answered'),
  e('thanks', 'pause'),
  e('pause', 'menu'),
  e('menu', 'salesEnd', 'sales'),
  e('menu', 'supportEnd', 'support'),
];
const MENU = 'Escolha:\n1 - Vendas\n2 - Suporte';
const walked = (name: string) => [
  'Olá Cliente, passo 1.',
  'Passo 2.',
  'Seu nome?',
  `Obrigado, ${name}.`,
  MENU,
  `Vendas: até logo, ${name}.`,
];

/**
 * Issue 27's proof that a flow's place lives in PostgreSQL: the ai service (the flow runtime) runs
 * as a process of its own, built from this checkout, and is killed with SIGKILL (no shutdown hook,
 * no lease handed over) while sixteen customers' answers are being walked: some steps sent, some
 * sent but not yet stored as the run's state, some delays waiting as timers, some turns not yet
 * taken. The next process walks every conversation on from where it stood: each step's messages
 * reach the customer exactly once, none is skipped, and the conversations go on to their end.
 */
describe('an ai service killed in the middle of flow walks', () => {
  jest.setTimeout(240_000);
  let env: SessionsStack;
  let tenant: Tenant;
  let ai: ChildProcess | undefined;
  let flow: FlowView;

  const startAi = (): Promise<ChildProcess> =>
    startServiceProcess('ai', {
      ...env.stack.env,
      // A short turn lease: what the killed process held is taken over within seconds.
      BOT_TURN_LEASE_MS: '3000',
    });

  beforeAll(async () => {
    execFileSync('npx', ['nx', 'run', 'ai:build', '--output-style=static'], { cwd: REPO_ROOT, stdio: 'ignore' });
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'] });
    ai = await startAi();
    const plan = await createPlan(await superAdmin(env.stack), { connections: 2, queues: 5, useIntegrations: true });
    tenant = await signUpTenant(env.stack, plan.id);
    flow = await publishFlowOnNumber(env, tenant, BUSINESS, { name: 'Resistente', nodes: NODES, edges: EDGES });
  }, 300_000);
  afterAll(async () => {
    if (ai) await killProcess(ai);
    await env?.stop();
  });

  const customers = Array.from({ length: CUSTOMERS }, (_, i) => `55119875000${String(i + 1).padStart(2, '0')}`);
  const says = (customer: string, body: string) =>
    sandboxCall(env.sandbox, 'POST', '/messages', { from: customer, to: BUSINESS, pushName: 'Cliente', body });
  const inbox = async (customer: string) =>
    (await sandboxCall<Array<{ body: string }>>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body.map((m) => m.body);
  const inboxes = () => Promise.all(customers.map(inbox));
  /** Every customer has received the first `count` messages of the walk (on a timeout: what each has, against that). */
  const allReceived = async (count: number, timeoutMs = 30_000) => {
    const expected = customers.map((_, i) => walked(NAMES[i]!).slice(0, count));
    try {
      await eventually(async () => (await inboxes()).every((received) => received.length >= count), timeoutMs, 100);
    } catch {
      expect(await inboxes()).toEqual(expected);
    }
  };

  it('walks every conversation on from its step after a SIGKILL, sending no step twice and skipping none', async () => {
    await Promise.all(customers.map((customer) => says(customer, 'oi')));
    await allReceived(3);
    expect(await inboxes()).toEqual(customers.map((_, i) => walked(NAMES[i]!).slice(0, 3)));

    // Every customer answers the question; the process dies as soon as the first thanks reached a
    // customer, while other answers are being walked, sent, stored, or wait as turns, and delays as timers.
    await Promise.all(customers.map((customer, i) => says(customer, NAMES[i]!)));
    await eventually(async () => (await inboxes()).some((received) => received.length >= 4), 30_000, 20);
    await killProcess(ai!);
    ai = undefined;
    ai = await startAi();
    // The thanks and, after the delay, the menu reach every customer once.
    await allReceived(5, 90_000);

    // The conversations go on from the restored node: the menu's first option ends the flow.
    await Promise.all(customers.map((customer) => says(customer, '1')));
    await allReceived(6);
    // Nothing is left to walk: a step sent twice would be here by now.
    await eventually(async () => {
      const runs = await ownerQuery<{ status: string }>(env.stack, 'select status from ai.flow_runs where company_id = $1', [
        tenant.companyId,
      ]);
      const [pending] = await ownerQuery<{ count: string }>(
        env.stack,
        "select count(*) from ai.bot_turns where company_id = $1 and status = 'pending'",
        [tenant.companyId],
      );
      return runs.length === CUSTOMERS && runs.every((run) => run.status === 'ended') && pending?.count === '0';
    }, 20_000);
    expect(await inboxes()).toEqual(customers.map((_, i) => walked(NAMES[i]!)));

    // As stored by tickets: each answer once, each bot message once and in order.
    const stored = await ownerQuery<{ number: string; body: string; from_me: boolean }>(
      env.stack,
      `select c.number, m.body, m.from_me from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
        where m.company_id = $1 order by m.id`,
      [tenant.companyId],
    );
    customers.forEach((customer, i) => {
      const own = stored.filter((row) => row.number === customer);
      expect(own.filter((row) => !row.from_me).map((row) => row.body)).toEqual(['oi', NAMES[i], '1']);
      expect(own.filter((row) => row.from_me).map((row) => row.body)).toEqual(walked(NAMES[i]!));
    });
    // and the flow's counters saw each customer through each node once
    const stats = (await tenant.admin.get<{ nodes: Array<{ nodeId: string; entered: number; left: number }> }>(`/flows/${flow.id}/stats`))
      .body;
    expect(stats.nodes.find((s) => s.nodeId === 'thanks')).toMatchObject({ entered: CUSTOMERS, left: CUSTOMERS });
    expect(stats.nodes.find((s) => s.nodeId === 'salesEnd')).toMatchObject({ entered: CUSTOMERS });
  });
});
