import { execFileSync, type ChildProcess } from 'node:child_process';
import { jest } from '@jest/globals';
import type { QueueView, WhatsappView } from '@atrium/contracts';
import { REPO_ROOT } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { killProcess, startServiceProcess } from '../service-process.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from './inbound-publisher.js';
import { createQueue, ownerQuery } from './tickets-fixtures.js';

const BUSINESS = '5511972300001';
const CUSTOMERS = 12;

const MENU = 'Olá! Escolha um departamento:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const SALES_MENU = 'Bem-vindo às Vendas\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Falar com vendedor\n\n*[ # ]* - Voltar ao Menu Principal';
const PLANS_MENU = 'Nossos planos:\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Pro\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';
const PRO = 'Plano Pro: R$ 20\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';
const BACK_TO_PLANS = PLANS_MENU;

/**
 * Issue 11's proof that the chatbot's position lives in PostgreSQL: the tickets service runs as a
 * process of its own (built from this checkout) and is killed with SIGKILL — no shutdown hook, no
 * draining — while a dozen customers' menu choices are being answered; the next process continues
 * every conversation at the right node, nothing lost, nothing answered twice.
 */
describe('a tickets service killed in the middle of chatbot conversations', () => {
  jest.setTimeout(180_000);
  let env: SessionsStack;
  let tenant: Tenant;
  let socket: SocketRecorder;
  let tickets: ChildProcess | undefined;
  let sales: QueueView;

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
    env = await startSessionsStack({ services: ['identity', 'sessions'] });
    tickets = await startTickets();
    const plan = await createPlan(await superAdmin(env.stack), { connections: 2, queues: 5 });
    tenant = await signUpTenant(env.stack, plan.id);
    socket = await socketOf(env.stack, tenant.admin);
    sales = await createQueue(tenant, 'Vendas');
    const support = await createQueue(tenant, 'Suporte');
    expect((await tenant.admin.put(`/queue/${sales.id}`, { greetingMessage: 'Bem-vindo às Vendas' })).status).toBe(200);
    const option = async (parentId: number | null, number: number, title: string, message: string) => {
      const created = await tenant.admin.post<{ id: number }>('/queue-options', {
        queueId: sales.id,
        parentId,
        option: number,
        title,
        message,
      });
      expect(created.status).toBe(201);
      return created.body;
    };
    const plans = await option(null, 1, 'Planos', 'Nossos planos:');
    await option(null, 2, 'Falar com vendedor', 'Aguarde um vendedor.');
    await option(plans.id, 1, 'Básico', 'Plano Básico: R$ 10');
    await option(plans.id, 2, 'Pro', 'Plano Pro: R$ 20');
    const created = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS, 'Menu');
    const saved = await tenant.admin.put<WhatsappView>(`/whatsapp/${created.id}`, {
      queueIds: [sales.id, support.id],
      greetingMessage: 'Olá! Escolha um departamento:',
    });
    expect(saved.status).toBe(200);
    await eventually(async () => {
      const rows = await ownerQuery<{ automation: { greetingMessage?: string } | null; queue_ids: number[] }>(
        env.stack,
        'select automation, queue_ids from tickets.whatsapp_refs where id = $1',
        [created.id],
      );
      return rows[0]?.automation?.greetingMessage === 'Olá! Escolha um departamento:' && rows[0].queue_ids.length === 2;
    }, 10_000);
  }, 300_000);
  afterAll(async () => {
    if (tickets) await killProcess(tickets);
    socket?.close();
    await env?.stop();
    if (env) await (await InboundPublisher.open(env.stack.env)).close();
  });

  const customers = Array.from({ length: CUSTOMERS }, (_, i) => `55119874000${String(i + 1).padStart(2, '0')}`);
  const says = (customer: string, body: string) =>
    sandboxCall(env.sandbox, 'POST', '/messages', { from: customer, to: BUSINESS, pushName: 'Cliente', body });
  const inbox = async (customer: string) =>
    (await sandboxCall<Array<{ body: string }>>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body.map((m) => m.body);
  const inboxes = () => Promise.all(customers.map(inbox));
  /** Every customer has received at least `count` messages. */
  const allReceived = (count: number, timeoutMs = 30_000) =>
    eventually(async () => (await inboxes()).every((received) => received.length >= count), timeoutMs, 100);

  it('continues every conversation at its node after a SIGKILL, losing no reply and sending none twice', async () => {
    await Promise.all(customers.map((customer) => says(customer, 'oi')));
    await allReceived(1);
    await Promise.all(customers.map((customer) => says(customer, '1')));
    await allReceived(2);
    expect(await inboxes()).toEqual(customers.map(() => [MENU, SALES_MENU]));

    // Each customer picks 'Planos'; the process dies as soon as the first answer reached a customer,
    // while the others are being stored, answered or still waiting on the stream.
    await Promise.all(customers.map((customer) => says(customer, '1')));
    await eventually(async () => (await inboxes()).some((received) => received.length >= 3), 30_000, 20);
    await killProcess(tickets!);
    tickets = undefined;
    tickets = await startTickets();
    // Every choice is answered exactly once: the replies the dead process had queued or may have
    // sent are sent (again) by the new one once its lease lapsed, each under its own message id
    // (a resend is the same message), the events it held unacknowledged once the stream redelivers them.
    await allReceived(3, 60_000);

    // The conversations go on from the restored node: 'Pro', then back to the plans.
    for (const customer of customers) await says(customer, '2');
    await allReceived(4);
    for (const customer of customers) await says(customer, '0');
    await allReceived(5);
    // Nothing is left to send: a reply sent twice would be here by now.
    await eventually(async () => {
      const [queued] = await ownerQuery<{ count: string }>(env.stack, 'select count(*) from tickets.bot_replies where company_id = $1', [
        tenant.companyId,
      ]);
      return queued?.count === '0';
    }, 20_000);
    expect(await inboxes()).toEqual(customers.map(() => [MENU, SALES_MENU, PLANS_MENU, PRO, BACK_TO_PLANS]));

    // The conversations as stored: each customer's four choices once, the bot's five replies once, in order; the ticket in Vendas, still driven by the bot.
    const stored = await ownerQuery<{
      number: string;
      body: string;
      from_me: boolean;
      wid: string | null;
      queue_id: number | null;
      chatbot: boolean;
    }>(
      env.stack,
      `select c.number, m.body, m.from_me, m.wid, t.queue_id, t.chatbot from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
        where m.company_id = $1 order by m.id`,
      [tenant.companyId],
    );
    for (const customer of customers) {
      const own = stored.filter((row) => row.number === customer);
      expect(own.filter((row) => !row.from_me).map((row) => row.body)).toEqual(['oi', '1', '1', '2', '0']);
      expect(own.filter((row) => row.from_me).map((row) => row.body)).toEqual([MENU, SALES_MENU, PLANS_MENU, PRO, BACK_TO_PLANS]);
      expect(own.every((row) => row.queue_id === sales.id && row.chatbot)).toBe(true);
      // a resent reply kept the row its first try stored: none is left unsent beside the sent one
      expect(own.filter((row) => row.wid === null)).toEqual([]);
    }

    // And the next choice is answered from the restored node (the plans menu): '1' is Básico.
    await Promise.all(customers.map((customer) => says(customer, '1')));
    await allReceived(6);
    expect((await inboxes()).map((received) => received.slice(5))).toEqual(
      customers.map(() => ['Plano Básico: R$ 10\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal']),
    );
  });
});
