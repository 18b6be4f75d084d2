import { startBotProvidersSandbox, type RunningBotProvidersSandbox } from '@atrium/app-bot-providers-sandbox';
import type { QueueIntegrationView, QueueView, TicketView, WhatsappView } from '@atrium/contracts';
import { createPlan } from '../identity-fixtures.js';
import { connectNumberToQueue } from './ai-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createQueue, ticketAppears } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972600093';
const CUSTOMER = '5511987293001';

type SandboxMessage = { id: string; body: string };

/**
 * A webhook queue integration end to end: a sandbox customer writes to a connection whose queue has
 * the integration; tickets hands the message to the ai service, whose runtime (BotRegistry source
 * `integration`, webhook engine) POSTs it signed to the receiver of bot-providers-sandbox; the
 * receiver's replies go back through `tickets.bot.act` and reach the customer from wa-sandbox, and
 * its transfer moves the ticket to people. Real identity, sessions, tickets and ai services.
 */
describe('a queue with a webhook integration answering customers', () => {
  let env: SessionsStack;
  let providers: RunningBotProvidersSandbox;
  let tenant: Tenant;
  let connection: WhatsappView;
  let botQueue: QueueView;
  let salesQueue: QueueView;

  beforeAll(async () => {
    providers = await startBotProvidersSandbox({ PORT: 0, LOG_LEVEL: 'silent' });
    // the ai service in the stack (in single mode the one process runs it: a second one beside it would take half its work)
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets', 'ai'],
      env: {
        INTEGRATION_URL_ALLOWLIST: new URL(providers.url).host,
        BOT_PROVIDER_TIMEOUT_MS: '4000',
        BOT_PROVIDER_RETRIES: '1',
        BOT_RETRY_BACKOFF_MS: '50',
        BOT_BREAKER_THRESHOLD: '1000',
      },
    });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 2, queues: 10, useIntegrations: true });
    tenant = await signUpTenant(env.stack, plan.id);
    botQueue = await createQueue(tenant, 'Robô');
    salesQueue = await createQueue(tenant, 'Vendas');
    connection = await connectNumberToQueue(env, tenant, botQueue.id, BUSINESS);
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
    await providers?.close();
  }, 60_000);

  const inboxOf = async (customer: string) =>
    (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body;
  const customerSends = (body: string) =>
    sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', { from: CUSTOMER, to: BUSINESS, pushName: 'Clara Cliente', body });

  it("POSTs the customer's message signed to the receiver, sends its reply to the customer, and its transfer hands the ticket to the sales queue", async () => {
    const hook = (
      await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'webhook',
        name: 'Pedidos',
        urlN8N: `${providers.url}/webhook/pedidos`,
      })
    ).body;
    const { signingSecret } = (await tenant.admin.get<{ signingSecret: string }>(`/queueIntegration/${hook.id}/signingSecret`)).body;
    providers.webhooks.configure('pedidos', {
      secret: signingSecret,
      replies: [
        { body: { replies: [{ type: 'text', body: 'Olá! Seu pedido 42 saiu para entrega.' }] } },
        { body: { replies: [{ type: 'text', body: 'Vou te passar para Vendas.' }], transfer: { queueId: salesQueue.id } } },
      ],
    });
    // an integration id of no company is refused by tickets (ai.references.missing), this one is taken
    expect((await tenant.admin.put(`/queue/${botQueue.id}`, { integrationId: hook.id + 100_000 })).status).toBe(400);
    expect((await tenant.admin.put(`/queue/${botQueue.id}`, { integrationId: hook.id })).status).toBe(200);

    await customerSends('Onde está meu pedido?');
    await eventually(async () => (await inboxOf(CUSTOMER)).some((m) => m.body === 'Olá! Seu pedido 42 saiu para entrega.'), 30_000, 100);
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === CUSTOMER);
    const [call] = providers.webhooks.calls('pedidos');
    expect(call).toMatchObject({
      verified: true,
      body: {
        event: 'message',
        integration: { id: hook.id, type: 'webhook' },
        company: { id: tenant.companyId },
        ticket: { id: ticket.id, queueId: botQueue.id, whatsappId: connection.id },
        contact: { number: CUSTOMER },
        message: { body: 'Onde está meu pedido?', text: 'Onde está meu pedido?' },
      },
    });

    await customerSends('Quero comprar mais');
    await eventually(async () => (await inboxOf(CUSTOMER)).some((m) => m.body === 'Vou te passar para Vendas.'), 30_000, 100);
    await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.queueId === salesQueue.id, 20_000, 100);
    expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body).toMatchObject({
      status: 'pending',
      queueId: salesQueue.id,
      chatbot: false,
    });
    expect(providers.webhooks.calls('pedidos').map((c) => c.verified)).toEqual([true, true]);
    expect((await inboxOf(CUSTOMER)).map((m) => m.body)).toEqual(['Olá! Seu pedido 42 saiu para entrega.', 'Vou te passar para Vendas.']);
  }, 120_000);
});
