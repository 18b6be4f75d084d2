import { Writable } from 'node:stream';
import {
  startOpenAiSandbox,
  SPOKEN_PREFIX,
  TRANSFER_MARKER,
  type RecordedChat,
  type RunningOpenAiSandbox,
} from '@atrium/app-openai-sandbox';
import type { PromptView, QueueView, TicketNoteView, TicketView } from '@atrium/contracts';
import { createLogger } from '@atrium/logging';
import { createPlan } from '../identity-fixtures.js';
import { connectNumberToQueue } from './ai-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createAgent, createQueue, ownerQuery, ticketAppears, type Agent } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972600001';
const KEY = 'sk-proj-chave-assistente-0001';
const COMPANY_PROMPT = 'Você é a assistente virtual da Padaria Atrium. Responda em poucas palavras.';

type SandboxMessage = { id: string; body: string; media?: { mimetype: string } };

/**
 * The OpenAI assistant end to end: a sandbox customer writes to a connection whose queue has a
 * prompt; tickets hands the message to the ai service, which asks the OpenAI stand-in through the
 * official SDK and answers through `tickets.bot.act`; the customer receives it from wa-sandbox.
 * Real identity, sessions, tickets and ai services; the ai service's log is captured.
 */
describe('the OpenAI assistant answering customers', () => {
  let env: SessionsStack;
  let openai: RunningOpenAiSandbox;
  const logLines: string[] = [];
  let tenant: Tenant;
  let botQueue: QueueView;
  let salesQueue: QueueView;
  let seller: Agent;
  let customerNumber = 5511987200000;

  beforeAll(async () => {
    openai = await startOpenAiSandbox({ PORT: 0, HOST: '127.0.0.1', OPENAI_SANDBOX_MAX_DELAY_MS: 30, LOG_LEVEL: 'silent' });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    // the stack's own ai service (in single mode the one process runs it: a second one beside it would take half its work)
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets', 'ai'],
      env: {
        OPENAI_BASE_URL: openai.openAiBaseUrl,
        AZURE_SPEECH_URL: openai.azureSpeechUrl,
        BOT_PROVIDER_TIMEOUT_MS: '4000',
        BOT_PROVIDER_RETRIES: '1',
        BOT_RETRY_BACKOFF_MS: '50',
        BOT_BREAKER_THRESHOLD: '1000',
      },
      aiLogger: createLogger({ service: 'ai', level: 'debug', destination }),
    });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 2, queues: 10 });
    tenant = await signUpTenant(env.stack, plan.id);
    botQueue = await createQueue(tenant, 'Robô');
    salesQueue = await createQueue(tenant, 'Vendas');
    seller = await createAgent(env.stack, tenant, { name: 'Vera Vendas', queueIds: [botQueue.id, salesQueue.id] });
    await connectNumberToQueue(env, tenant, botQueue.id, BUSINESS);
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
    await openai?.close();
  }, 60_000);

  /** A prompt of the tenant that transfers to Vendas, put on the connection's queue. */
  async function usePrompt(overrides: Record<string, unknown> = {}): Promise<PromptView> {
    const prompt = (
      await tenant.admin.post<PromptView>('/prompt', {
        name: 'Assistente',
        prompt: COMPANY_PROMPT,
        queueId: salesQueue.id,
        apiKey: KEY,
        ...overrides,
      })
    ).body;
    expect((await tenant.admin.put(`/queue/${botQueue.id}`, { promptId: prompt.id })).status).toBe(200);
    return prompt;
  }

  const newCustomer = () => String(++customerNumber);
  const nameOf = (customer: string) => `Cliente ${customer.slice(-4)}`;
  const customerSends = (customer: string, body: string, media?: { mimetype: string; filename: string; base64: string }) =>
    sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
      from: customer,
      to: BUSINESS,
      pushName: nameOf(customer),
      ...(body ? { body } : {}),
      ...(media ? { media } : {}),
    });
  const inboxOf = async (customer: string) =>
    (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body;
  const receives = (customer: string, body: string, timeoutMs = 20_000) =>
    eventually(async () => (await inboxOf(customer)).some((m) => m.body === body), timeoutMs, 100);
  /** The chat requests the assistant made for this customer (the system prompt names them). */
  const chatsFor = (customer: string): RecordedChat[] =>
    openai.chats.filter((chat) => String(chat.messages[0]?.content ?? '').includes(`O nome do cliente é ${nameOf(customer)}.`));
  const ticketOf = (customer: string) => ticketAppears(tenant.admin, (t) => t.contact.number === customer);
  const notesOf = async (ticket: TicketView) =>
    (await tenant.admin.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body.map(
      (n) => n.note,
    );

  it("sends the company's prompt with the customer's name and the last maxMessages texts as user/assistant turns in order; the answer reaches the customer", async () => {
    await usePrompt({ maxMessages: 4, maxTokens: 321, temperature: 0.3 });
    const customer = newCustomer();
    for (const text of ['Bom dia', 'Vocês abrem sábado?', 'E domingo?']) {
      await customerSends(customer, text);
      await receives(customer, `Eco: ${text}`);
    }
    const last = chatsFor(customer).at(-1)!;
    expect(last).toMatchObject({ apiKey: KEY, maxTokens: 321, temperature: 0.3, tools: ['transferir_para_atendente'] });
    expect(last.messages[0]).toEqual({ role: 'system', content: expect.stringContaining(COMPANY_PROMPT) });
    expect(last.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Eco: Bom dia' },
      { role: 'user', content: 'Vocês abrem sábado?' },
      { role: 'assistant', content: 'Eco: Vocês abrem sábado?' },
      { role: 'user', content: 'E domingo?' },
    ]);
    expect((await inboxOf(customer)).map((m) => m.body)).toEqual(['Eco: Bom dia', 'Eco: Vocês abrem sábado?', 'Eco: E domingo?']);
    expect((await ticketOf(customer)).status).toBe('pending');
  }, 120_000);

  it("transfers to the prompt's queue on the model's tool call and on the marker text, which the customer never sees", async () => {
    await usePrompt();
    const byTool = newCustomer();
    await customerSends(byTool, 'Quero falar com um atendente');
    const ticket = await ticketOf(byTool);
    await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.queueId === salesQueue.id, 20_000, 100);
    expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body).toMatchObject({
      status: 'pending',
      queueId: salesQueue.id,
      userId: null,
      chatbot: false,
    });
    // the queue's agent sees it pending
    expect(
      (await seller.client.get<{ tickets: TicketView[] }>('/tickets?status=pending&showAll=false')).body.tickets.map((t) => t.id),
    ).toContain(ticket.id);

    const byMarker = newCustomer();
    await customerSends(byMarker, 'Pode me passar adiante [marcador]');
    await receives(byMarker, 'Certo, vou te encaminhar.');
    const marked = await ticketOf(byMarker);
    await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${marked.id}`)).body.queueId === salesQueue.id, 20_000, 100);
    expect((await tenant.admin.get<TicketView>(`/tickets/${marked.id}`)).body).toMatchObject({
      status: 'pending',
      queueId: salesQueue.id,
      chatbot: false,
    });
    for (const customer of [byTool, byMarker])
      expect((await inboxOf(customer)).filter((m) => m.body.includes(TRANSFER_MARKER))).toEqual([]);
  }, 120_000);

  it('transcribes a voice note with Whisper before the model reads it, and speaks the answer through Azure Speech when a voice is set', async () => {
    await usePrompt({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'voz-chave-0001', voiceRegion: 'brazilsouth' });
    const customer = newCustomer();
    const audio = Buffer.from(`${SPOKEN_PREFIX} qual o horário de hoje?`).toString('base64');
    await customerSends(customer, '', { mimetype: 'audio/ogg; codecs=opus', filename: 'nota.ogg', base64: audio });
    await receives(customer, 'Eco: qual o horário de hoje?');
    expect(openai.transcriptions.at(-1)).toMatchObject({ apiKey: KEY, model: 'whisper-1', text: 'qual o horário de hoje?' });
    expect(chatsFor(customer).at(-1)!.messages.at(-1)).toEqual({ role: 'user', content: 'qual o horário de hoje?' });
    await eventually(async () => (await inboxOf(customer)).some((m) => m.media?.mimetype.startsWith('audio/')), 20_000, 100);
    expect(openai.speeches.at(-1)).toMatchObject({
      region: 'brazilsouth',
      key: 'voz-chave-0001',
      voice: 'pt-BR-FranciscaNeural',
      text: 'Eco: qual o horário de hoje?',
    });
  }, 120_000);

  it.each([
    ['a 500', 'sk-proj-fail500-0001', 'HTTP 500'],
    ['a timeout', 'sk-proj-timeout-0001', 'tempo esgotado'],
  ])(
    'hands the ticket to a human when the provider answers %s: pending in its queue, a note, a log line with the status, no error text to the customer',
    async (_what, key, status) => {
      await usePrompt({ apiKey: key });
      const customer = newCustomer();
      await customerSends(customer, 'Olá?');
      const ticket = await ticketOf(customer);
      let notes: string[] = [];
      await eventually(async () => (notes = await notesOf(ticket)).length > 0, 30_000, 200);
      expect(notes).toEqual([expect.stringContaining(status)]);
      await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.chatbot === false, 10_000, 100);
      expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body).toMatchObject({
        status: 'pending',
        queueId: botQueue.id,
        userId: null,
        chatbot: false,
      });
      // at least one retry before giving up
      expect(chatsFor(customer).length).toBeGreaterThanOrEqual(2);
      expect(await inboxOf(customer)).toEqual([]);
      const failures = logLines.filter((line) => line.includes('bot provider failed') && line.includes(`"ticketId":${ticket.id}`));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toContain('"provider":"openai"');
      expect(logLines.filter((line) => line.includes(key) || line.includes(KEY))).toEqual([]);
      // the customer's next message stays with people
      const asked = openai.chats.length;
      await customerSends(customer, 'alguém?');
      await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.lastMessage === 'alguém?', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(openai.chats.length).toBe(asked);
    },
    120_000,
  );

  it('an agent accepting silences the bot at once, even with an answer in flight', async () => {
    await usePrompt({ apiKey: 'sk-proj-slow-0001' });
    const customer = newCustomer();
    await customerSends(customer, 'Primeira pergunta');
    const ticket = await ticketOf(customer);
    await eventually(async () => chatsFor(customer).length > 0, 20_000, 50);
    expect((await seller.client.put(`/tickets/${ticket.id}`, { status: 'open', userId: seller.user.id })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await inboxOf(customer)).toEqual([]);
    expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body).toMatchObject({ status: 'open', userId: seller.user.id });
    await customerSends(customer, 'Segunda pergunta');
    await eventually(
      async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.lastMessage === 'Segunda pergunta',
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(chatsFor(customer)).toHaveLength(1);
  }, 120_000);

  it("never runs another company's prompt: a foreign prompt id on a queue hands the ticket to a human without calling the provider", async () => {
    const other = await signUpTenant(env.stack);
    const otherQueue = await createQueue(other, 'Deles');
    const theirs = (
      await other.admin.post<PromptView>('/prompt', {
        name: 'Deles',
        prompt: COMPANY_PROMPT,
        queueId: otherQueue.id,
        apiKey: 'sk-proj-deles-0001',
      })
    ).body;
    // the API refuses it (see prompts.int-spec.ts); the database is forced here
    await ownerQuery(env.stack, 'update tickets.queues set prompt_id = $1 where id = $2', [theirs.id, botQueue.id]);
    const customer = newCustomer();
    await customerSends(customer, 'Oi');
    const ticket = await ticketOf(customer);
    await eventually(async () => (await notesOf(ticket)).length > 0, 20_000, 200);
    await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.chatbot === false, 10_000, 100);
    expect(await notesOf(ticket)).toEqual([expect.stringContaining('Assistente não encontrado')]);
    expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body).toMatchObject({ status: 'pending', chatbot: false });
    expect(openai.chats.filter((chat) => chat.apiKey === 'sk-proj-deles-0001')).toEqual([]);
    expect(await inboxOf(customer)).toEqual([]);
  }, 120_000);

  it('answers 100 concurrent conversations with no crossed answers and each one in order', async () => {
    await usePrompt();
    const customers = Array.from({ length: 100 }, () => newCustomer());
    await Promise.all(
      customers.map(async (customer) => {
        await customerSends(customer, `${customer} pergunta 1`);
        await customerSends(customer, `${customer} pergunta 2`);
      }),
    );
    await eventually(
      async () => {
        const inboxes = await Promise.all(customers.map((customer) => inboxOf(customer)));
        return inboxes.every((inbox) => inbox.length >= 2);
      },
      180_000,
      1000,
    );
    for (const customer of customers) {
      expect({ customer, bodies: (await inboxOf(customer)).map((m) => m.body) }).toEqual({
        customer,
        bodies: [`Eco: ${customer} pergunta 1`, `Eco: ${customer} pergunta 2`],
      });
    }
  }, 300_000);
});
