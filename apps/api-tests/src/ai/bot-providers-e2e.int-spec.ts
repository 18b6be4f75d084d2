import { startBotProvidersSandbox, type RunningBotProvidersSandbox } from '@atrium/app-bot-providers-sandbox';
import type { PromptView, QueueIntegrationView, QueueView, TicketNoteView, TicketView, WhatsappView } from '@atrium/contracts';
import { createPlan } from '../identity-fixtures.js';
import { connectNumberToQueue, connectNumberWithIntegration } from './ai-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createQueue, ownerQuery, ticketAppears } from '../tickets/tickets-fixtures.js';

const TYPEBOT_NUMBER = '5511972600094';
const DIALOGFLOW_NUMBER = '5511972600095';
const CLARA = '5511987294001';
const BETO = '5511987294002';
const DORA = '5511987294003';
const DELETED_NUMBER = '5511972600096';
const ELISA = '5511987294004';
const FAILING_NUMBER = '5511972600097';
const FABIO = '5511987294005';
const GIL = '5511987294006';

type SandboxMessage = { id: string; body: string; media?: { mimetype: string; filename: string; size: number } };

/**
 * Typebot and Dialogflow queue integrations end to end: sandbox customers write to connections
 * whose queue (Typebot) or the connection itself (Dialogflow) names the integration; tickets hands
 * each message to the ai service, whose engines talk to bot-providers-sandbox through the
 * providers' HTTP protocols (Typebot's chat API; Google's OAuth for service accounts and
 * Dialogflow ES detectIntent); the answers reach the customers from wa-sandbox, and the hand-off
 * back to people leaves the ticket pending for a human with the bot off. Real identity, sessions,
 * tickets and ai services.
 */
describe('Typebot and Dialogflow answering sandbox customers', () => {
  let env: SessionsStack;
  let providers: RunningBotProvidersSandbox;
  let tenant: Tenant;
  let botQueue: QueueView;
  let salesQueue: QueueView;

  beforeAll(async () => {
    providers = await startBotProvidersSandbox({ PORT: 0, LOG_LEVEL: 'silent' });
    // the ai service in the stack (in single mode the one process runs it: a second one beside it would take half its work)
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets', 'ai'],
      env: {
        DIALOGFLOW_API_URL: providers.url,
        INTEGRATION_URL_ALLOWLIST: new URL(providers.url).host,
        BOT_PROVIDER_TIMEOUT_MS: '4000',
        BOT_PROVIDER_RETRIES: '1',
        BOT_RETRY_BACKOFF_MS: '50',
        BOT_BREAKER_THRESHOLD: '1000',
      },
    });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 4, queues: 10, useIntegrations: true, useOpenAi: true });
    tenant = await signUpTenant(env.stack, plan.id);
    botQueue = await createQueue(tenant, 'Robô Typebot');
    salesQueue = await createQueue(tenant, 'Vendas');
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
    await providers?.close();
  }, 60_000);

  const inboxOf = async (customer: string) =>
    (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body.map((m) => m.body);
  const sends = (from: string, to: string, pushName: string, body: string) =>
    sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', { from, to, pushName, body });
  const inboxReaches = (customer: string, count: number) => eventually(async () => (await inboxOf(customer)).length >= count, 30_000, 100);
  const ticketOf = async (id: number) => (await tenant.admin.get<TicketView>(`/tickets/${id}`)).body;

  it('Typebot on a queue: bubbles in order, numbered choices, unknown reply, restart keyword, a flow ending in a transfer to people; the finish keyword closes', async () => {
    providers.typebot.define('atendimento', {
      start: 'hello',
      groups: {
        hello: {
          bubbles: [{ text: 'Oi {{name}}!' }, { text: 'Como posso ajudar?' }],
          input: {
            type: 'choice',
            items: [
              { content: 'Planos', next: 'plans' },
              { content: 'Atendente', next: 'human' },
            ],
          },
        },
        plans: { bubbles: [{ image: `${providers.url}/files/planos.png` }, { text: 'O plano Pro custa R$ 99.' }], next: 'hello' },
        human: { bubbles: [{ text: 'Vou te passar para Vendas.' }, { text: `#{"queueId":${salesQueue.id}}` }] },
      },
    });
    const typebot = (
      await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'typebot',
        name: 'Atendimento',
        urlN8N: providers.url,
        typebotSlug: 'atendimento',
        typebotDelayMessage: 50,
        typebotKeywordRestart: '#menu',
        typebotRestartMessage: 'Recomeçando...',
        typebotKeywordFinish: '#sair',
        typebotUnknownMessage: 'Não entendi, responda com o número.',
      })
    ).body;
    expect((await tenant.admin.put(`/queue/${botQueue.id}`, { integrationId: typebot.id })).status).toBe(200);
    await connectNumberToQueue(env, tenant, botQueue.id, TYPEBOT_NUMBER);
    const menu = ['Oi Clara Cliente!', 'Como posso ajudar?', '1 - Planos\n2 - Atendente'];

    await sends(CLARA, TYPEBOT_NUMBER, 'Clara Cliente', 'oi');
    await inboxReaches(CLARA, 3);
    expect(await inboxOf(CLARA)).toEqual(menu);
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === CLARA);
    expect(ticket).toMatchObject({
      status: 'pending',
      queueId: botQueue.id,
      chatbot: true,
      useIntegration: true,
      integrationId: typebot.id,
    });
    const start = providers.typebot.calls.find((call) => call.path === '/api/v1/typebots/atendimento/startChat')!;
    expect(start.body).toMatchObject({ prefilledVariables: { number: CLARA, name: 'Clara Cliente', ticketId: String(ticket.id) } });

    await sends(CLARA, TYPEBOT_NUMBER, 'Clara Cliente', '9');
    await inboxReaches(CLARA, 4);
    await sends(CLARA, TYPEBOT_NUMBER, 'Clara Cliente', '1');
    await inboxReaches(CLARA, 9);
    await sends(CLARA, TYPEBOT_NUMBER, 'Clara Cliente', '#MENU');
    await inboxReaches(CLARA, 13);
    expect(await inboxOf(CLARA)).toEqual([
      ...menu,
      'Não entendi, responda com o número.',
      '',
      'O plano Pro custa R$ 99.',
      ...menu,
      'Recomeçando...',
      ...menu,
    ]);
    // the image bubble: fetched by the ai service through the SSRF guard, stored, and sent as media
    const image = (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${CLARA}`)).body[4]!;
    expect(image.media).toMatchObject({ mimetype: 'image/png', size: Buffer.byteLength('sandbox file planos.png') });

    await sends(CLARA, TYPEBOT_NUMBER, 'Clara Cliente', '2');
    await inboxReaches(CLARA, 14);
    await eventually(async () => (await ticketOf(ticket.id)).queueId === salesQueue.id, 20_000, 100);
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'pending', queueId: salesQueue.id, userId: null, chatbot: false });
    const inbox = await inboxOf(CLARA);
    expect(inbox.at(-1)).toBe('Vou te passar para Vendas.');
    expect(inbox.some((body) => body.includes('#{'))).toBe(false);

    // the finish keyword closes the ticket of another customer of the same bot
    await sends(BETO, TYPEBOT_NUMBER, 'Beto', 'bom dia');
    await inboxReaches(BETO, 3);
    expect(await inboxOf(BETO)).toEqual(['Oi Beto!', 'Como posso ajudar?', '1 - Planos\n2 - Atendente']);
    const beto = await ticketAppears(tenant.admin, (t) => t.contact.number === BETO);
    await sends(BETO, TYPEBOT_NUMBER, 'Beto', '#sair');
    await eventually(async () => (await ticketOf(beto.id)).status === 'closed', 20_000, 100);
    expect(await ticketOf(beto.id)).toMatchObject({ status: 'closed', useIntegration: false, integrationId: null });
  }, 180_000);

  it('Dialogflow on the connection itself: fulfillment texts in a session per ticket; the end of the conversation hands the ticket to a human and the bot stays silent', async () => {
    const account = providers.dialogflow.createServiceAccount('loja-e2e');
    const dialogflow = (
      await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'dialogflow',
        name: 'Loja',
        projectName: 'loja-e2e',
        jsonContent: JSON.stringify(account),
        language: 'pt-BR',
      })
    ).body;
    await connectNumberWithIntegration(env, tenant, dialogflow.id, DIALOGFLOW_NUMBER);

    await sends(DORA, DIALOGFLOW_NUMBER, 'Dora', 'Qual o horário de vocês?');
    await inboxReaches(DORA, 1);
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === DORA);
    expect(ticket).toMatchObject({ status: 'pending', queueId: null, chatbot: true, integrationId: dialogflow.id });
    expect(providers.dialogflow.calls.filter((call) => call.project === 'loja-e2e')).toEqual([
      { project: 'loja-e2e', session: `atrium-${tenant.companyId}-${ticket.id}`, text: 'Qual o horário de vocês?', languageCode: 'pt-BR' },
    ]);

    await sends(DORA, DIALOGFLOW_NUMBER, 'Dora', 'quero falar com um atendente');
    await inboxReaches(DORA, 2);
    expect(await inboxOf(DORA)).toEqual(['Atendemos de segunda a sexta, das 8h às 18h.', 'Certo, vou chamar um atendente.']);
    await eventually(async () => (await ticketOf(ticket.id)).chatbot === false, 20_000, 100);
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'pending', userId: null, chatbot: false });

    // handed to people: the next message is stored on the ticket and never reaches Dialogflow
    await sends(DORA, DIALOGFLOW_NUMBER, 'Dora', 'oi, alguém aí?');
    await eventually(
      async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.lastMessage === 'oi, alguém aí?',
      20_000,
      100,
    );
    expect(providers.dialogflow.calls.filter((call) => call.project === 'loja-e2e')).toHaveLength(2);
    expect(await inboxOf(DORA)).toHaveLength(2);
  }, 180_000);

  it('deleting an integration or a prompt clears it from the queues and connections that named it; the next customer is no longer handed to it', async () => {
    const hook = (
      await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'webhook',
        name: 'Apagada',
        urlN8N: `${providers.url}/webhook/apagada`,
      })
    ).body;
    const kept = (
      await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'webhook',
        name: 'Mantida',
        urlN8N: `${providers.url}/webhook/mantida`,
      })
    ).body;
    providers.webhooks.configure('apagada', { replies: [{ body: { replies: [{ type: 'text', body: 'nunca enviada' }] } }] });
    const support = await createQueue(tenant, 'Suporte');
    const other = await createQueue(tenant, 'Outra');
    expect((await tenant.admin.put(`/queue/${support.id}`, { integrationId: hook.id })).status).toBe(200);
    expect((await tenant.admin.put(`/queue/${other.id}`, { integrationId: kept.id })).status).toBe(200);
    const connection = await connectNumberWithIntegration(env, tenant, hook.id, DELETED_NUMBER);
    const prompt = (
      await tenant.admin.post<PromptView>('/prompt', {
        name: 'Assistente',
        prompt: 'Seja breve.',
        queueId: other.id,
        apiKey: 'sk-test-0000',
      })
    ).body;
    expect((await tenant.admin.put(`/queue/${salesQueue.id}`, { promptId: prompt.id })).status).toBe(200);

    expect((await tenant.admin.delete(`/queueIntegration/${hook.id}`)).status).toBe(200);
    await eventually(async () => (await tenant.admin.get<QueueView>(`/queue/${support.id}`)).body.integrationId === null, 20_000, 100);
    await eventually(
      async () => (await tenant.admin.get<WhatsappView>(`/whatsapp/${connection.id}`)).body.integrationId === null,
      20_000,
      100,
    );
    expect((await tenant.admin.get<QueueView>(`/queue/${other.id}`)).body.integrationId).toBe(kept.id);
    // tickets' read model of the connection follows, so a new customer gets no bot
    await eventually(
      async () =>
        (
          await ownerQuery<{ integration_id: number | null }>(
            env.stack,
            "select (automation->>'integrationId')::int as integration_id from tickets.whatsapp_refs where id = $1",
            [connection.id],
          )
        )[0]?.integration_id === null,
      20_000,
      100,
    );
    await sends(ELISA, DELETED_NUMBER, 'Elisa', 'olá');
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === ELISA);
    expect(ticket).toMatchObject({ status: 'pending', chatbot: false, useIntegration: false, integrationId: null });
    expect(providers.webhooks.calls('apagada')).toEqual([]);

    expect((await tenant.admin.delete(`/prompt/${prompt.id}`)).status).toBe(200);
    await eventually(async () => (await tenant.admin.get<QueueView>(`/queue/${salesQueue.id}`)).body.promptId === null, 20_000, 100);
  }, 180_000);

  it('a provider failing (Dialogflow 500) or an address refused at send time (SSRF) hands the ticket to a human with a note, the customer seeing nothing', async () => {
    const failing = await createQueue(tenant, 'Falhas');
    await connectNumberToQueue(env, tenant, failing.id, FAILING_NUMBER);
    const notesOf = async (ticket: TicketView) =>
      (await tenant.admin.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body.map(
        (n) => n.note,
      );
    const handedToHuman = async (customer: string, name: string, status: string) => {
      await sends(customer, FAILING_NUMBER, name, 'oi');
      const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === customer);
      let notes: string[] = [];
      await eventually(async () => (notes = await notesOf(ticket)).length > 0, 30_000, 200);
      expect(notes).toEqual([expect.stringContaining(status)]);
      await eventually(async () => (await ticketOf(ticket.id)).chatbot === false, 20_000, 100);
      expect(await ticketOf(ticket.id)).toMatchObject({ status: 'pending', queueId: failing.id, userId: null, chatbot: false });
      expect(await inboxOf(customer)).toEqual([]);
    };

    const account = providers.dialogflow.createServiceAccount('loja-falha');
    const dialogflow = (
      await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'dialogflow',
        name: 'Falha',
        projectName: 'loja-falha',
        jsonContent: JSON.stringify(account),
        language: 'pt-BR',
      })
    ).body;
    expect((await tenant.admin.put(`/queue/${failing.id}`, { integrationId: dialogflow.id })).status).toBe(200);
    providers.dialogflow.failNext.push(500, 500);
    await handedToHuman(FABIO, 'Fábio', 'HTTP 500');
    expect(providers.dialogflow.calls.filter((call) => call.project === 'loja-falha')).toHaveLength(0);
    expect(providers.dialogflow.failNext).toEqual([]); // both attempts (one retry) were made

    // saved while its name pointed outside; now it points into the private network
    const typebot = (
      await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'typebot',
        name: 'Interno',
        urlN8N: providers.url,
        typebotSlug: 'atendimento',
      })
    ).body;
    await ownerQuery(env.stack, 'update ai.queue_integrations set url_n8n = $1 where id = $2', ['http://10.0.0.7:3000', typebot.id]);
    expect((await tenant.admin.put(`/queue/${failing.id}`, { integrationId: typebot.id })).status).toBe(200);
    const typebotCalls = providers.typebot.calls.length;
    await handedToHuman(GIL, 'Gil', 'endereço recusado');
    expect(providers.typebot.calls.length).toBe(typebotCalls);
  }, 180_000);
});
