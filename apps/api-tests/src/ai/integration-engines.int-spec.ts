import type { INestApplication } from '@nestjs/common';
import type { Actor, BotAction, QueueIntegrationView } from '@atrium/contracts';
import { IntegrationBotsService, MEDIA_STORAGE, QueueIntegrationsService, type BotTurn } from '@atrium/app-ai';
import { startBotProvidersSandbox, type RunningBotProvidersSandbox, type SandboxFlow } from '@atrium/app-bot-providers-sandbox';
import { createTestDatabase, isolatedEnv, type TestDatabase } from '@atrium/testing';
import type { ObjectStorage } from '@atrium/storage';
import pg from 'pg';
import { startStackService } from '../stack.js';

const COMPANY = 31;
const admin: Actor = { userId: 1, companyId: COMPANY, profile: 'admin', super: false, queueIds: [], allTicket: 'desabled', sessionId: 's' };

let sequence = 0;
const turn = (
  ticketId: number,
  text: string,
  contact = { id: 7, name: 'Clara', number: '5511977770001', email: 'clara@example.com' },
): BotTurn => ({
  companyId: COMPANY,
  text,
  event: {
    ticketId,
    messageId: ++sequence,
    sequence,
    bot: { kind: 'integration', integrationId: 0 },
    queueId: 3,
    whatsappId: 4,
    contact,
    message: { body: text, mediaType: 'chat', mediaKey: null, createdAt: new Date().toISOString() },
  },
});
const texts = (actions: BotAction[]): string[] => actions.flatMap((action) => (action.type === 'text' ? [action.body] : []));

/** FAQ flow for the Typebot tests: a choice (after an image the sandbox serves), a free-text question, a transfer by `#{"queueId":N}`. */
const faq = (providersUrl: string): SandboxFlow => ({
  start: 'hello',
  groups: {
    hello: {
      bubbles: [{ text: 'Oi {{name}} ({{number}})' }, { image: `${providersUrl}/files/logo.png` }, { text: 'Escolha:' }],
      input: {
        type: 'choice',
        items: [
          { content: 'Preços', next: 'prices' },
          { content: 'Humano', next: 'human' },
        ],
      },
    },
    prices: { bubbles: [{ text: 'Custa R$ 10' }], input: { type: 'text', variable: 'note', next: 'bye' } },
    bye: { bubbles: [{ text: 'Anotado: {{note}}' }] },
    human: { bubbles: [{ text: 'Transferindo' }, { text: '#{"queueId":"9"}' }] },
  },
});

/**
 * The engines of the queue integrations (n8n/webhook, Typebot, Dialogflow) as the ai runtime calls
 * them (IntegrationBotsService.answer), against the real ai service and the protocol stand-ins of
 * apps/bot-providers-sandbox.
 */
describe('queue integration engines', () => {
  let providers: RunningBotProvidersSandbox;
  let database: TestDatabase;
  let ai: INestApplication;
  let bots: IntegrationBotsService;
  let integrations: QueueIntegrationsService;

  const storedText = async (key: string) => {
    const stored = await (ai.get(MEDIA_STORAGE) as ObjectStorage).get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  const answer = (integration: QueueIntegrationView, t: BotTurn) => bots.answer(t, integration.id, AbortSignal.timeout(5000));
  const owner = async (text: string, params: unknown[]) => {
    const client = new pg.Client({ connectionString: database.ownerUrl });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    providers = await startBotProvidersSandbox({ PORT: 0, LOG_LEVEL: 'silent' });
    database = await createTestDatabase();
    ai = await startStackService(
      'ai',
      isolatedEnv(database, { DIALOGFLOW_API_URL: providers.url, INTEGRATION_URL_ALLOWLIST: new URL(providers.url).host }),
    );
    bots = ai.get(IntegrationBotsService);
    integrations = ai.get(QueueIntegrationsService);
    providers.typebot.define('faq', faq(providers.url));
  });
  afterAll(async () => {
    await ai?.close();
    await database?.drop();
    await providers?.close();
  });

  describe('webhook and n8n', () => {
    it('POSTs the message signed with the integration secret (verified by the receiver) and applies texts, media and a transfer', async () => {
      const hook = await integrations.create(admin, { type: 'n8n', name: 'n8n', urlN8N: `${providers.url}/webhook/n8n-a` });
      const { signingSecret } = await integrations.signingSecret(admin, hook.id);
      expect(signingSecret).toMatch(/^whsec_/);
      providers.webhooks.configure('n8n-a', {
        secret: signingSecret,
        replies: [
          {
            body: {
              replies: [
                { type: 'text', body: 'Recebido!' },
                { type: 'media', url: `${providers.url}/files/a.pdf`, mimetype: 'application/pdf', fileName: 'a.pdf' },
              ],
            },
          },
          { body: { replies: [{ type: 'text', body: 'Vou transferir' }], transfer: { queueId: 5 } } },
          { status: 204, body: '' },
          { body: { stop: true } },
        ],
      });
      const first = await answer(hook, turn(101, 'Quero um orçamento'));
      // the file the receiver named is fetched (through the SSRF guard) and stored: tickets gets a mediaKey, not a URL
      expect(first).toEqual([
        { type: 'text', body: 'Recebido!' },
        {
          type: 'media',
          mediaKey: expect.stringMatching(new RegExp(`^uploads/${COMPANY}/[0-9a-f]{32}\\.pdf$`)),
          mimetype: 'application/pdf',
          fileName: 'a.pdf',
          caption: undefined,
        },
      ]);
      expect(await storedText((first[1] as { mediaKey: string }).mediaKey)).toBe('sandbox file a.pdf');
      expect(await answer(hook, turn(101, 'Falar com vendas'))).toEqual([
        { type: 'text', body: 'Vou transferir' },
        { type: 'transfer', queueId: 5 },
      ]);
      expect(await answer(hook, turn(101, 'ok'))).toEqual([]);
      expect(await answer(hook, turn(101, 'tchau'))).toEqual([{ type: 'handToHuman' }]);

      const calls = providers.webhooks.calls('n8n-a');
      expect(calls).toHaveLength(4);
      expect(calls.every((call) => call.verified)).toBe(true);
      expect(calls[0]!.body).toMatchObject({
        event: 'message',
        integration: { id: hook.id, type: 'n8n' },
        company: { id: COMPANY },
        ticket: { id: 101, queueId: 3, whatsappId: 4 },
        contact: { name: 'Clara', number: '5511977770001' },
        message: { body: 'Quero um orçamento', text: 'Quero um orçamento', mediaType: 'chat' },
      });
    });

    it('a receiver with another secret sees a signature that does not verify', async () => {
      const hook = await integrations.create(admin, { type: 'webhook', name: 'hook', urlN8N: `${providers.url}/webhook/hook-b` });
      providers.webhooks.configure('hook-b', { secret: 'whsec_not_the_right_one' });
      await answer(hook, turn(102, 'oi'));
      expect(providers.webhooks.calls('hook-b').map((call) => call.verified)).toEqual([false]);
    });

    it('a 500, an unreadable reply or a receiver that does not answer in time is a provider failure', async () => {
      const hook = await integrations.create(admin, { type: 'webhook', name: 'falha', urlN8N: `${providers.url}/webhook/hook-c` });
      providers.webhooks.configure('hook-c', {
        replies: [{ status: 500, body: { message: 'boom' } }, { body: { replies: 'nope' } }, { delayMs: 1500 }],
      });
      await expect(answer(hook, turn(103, 'a'))).rejects.toMatchObject({ provider: 'webhook', status: 500 });
      await expect(answer(hook, turn(103, 'b'))).rejects.toMatchObject({
        provider: 'webhook',
        message: expect.stringContaining('unreadable reply'),
      });
      await expect(bots.answer(turn(103, 'c'), hook.id, AbortSignal.timeout(300))).rejects.toMatchObject({
        provider: 'webhook',
        status: 'timeout',
      });
    });
  });

  describe('typebot', () => {
    const create = (overrides: Record<string, unknown> = {}) =>
      integrations.create(admin, {
        type: 'typebot',
        name: 'Typebot',
        urlN8N: providers.url,
        typebotSlug: 'faq',
        typebotDelayMessage: 250,
        typebotKeywordRestart: '#menu',
        typebotRestartMessage: 'Vamos recomeçar',
        typebotKeywordFinish: '#sair',
        typebotUnknownMessage: 'Opção inválida, responda com o número.',
        ...overrides,
      });

    it('starts a session per ticket with prefilled variables; bubbles in order with typing; choices as numbered lines; the number answers', async () => {
      const bot = await create();
      const first = await answer(bot, turn(201, 'oi'));
      expect(first).toEqual([
        { type: 'presence', presence: 'composing', ms: 250 },
        { type: 'text', body: 'Oi Clara (5511977770001)' },
        { type: 'presence', presence: 'composing', ms: 250 },
        {
          type: 'media',
          mediaKey: expect.stringMatching(new RegExp(`^uploads/${COMPANY}/[0-9a-f]{32}\\.png$`)),
          mimetype: 'image/png',
          fileName: 'logo.png',
        },
        { type: 'presence', presence: 'composing', ms: 250 },
        { type: 'text', body: 'Escolha:' },
        { type: 'presence', presence: 'composing', ms: 250 },
        { type: 'text', body: '1 - Preços\n2 - Humano' },
      ]);
      const start = providers.typebot.calls.filter((call) => call.path === '/api/v1/typebots/faq/startChat').at(-1)!;
      expect(start.body).toMatchObject({ prefilledVariables: { number: '5511977770001', name: 'Clara', ticketId: '201' } });

      const other = await answer(bot, turn(202, 'olá', { id: 8, name: 'Beto', number: '5511977770002', email: '' }));
      expect(texts(other)[0]).toBe('Oi Beto (5511977770002)');

      expect(texts(await answer(bot, turn(201, '1')))).toEqual(['Custa R$ 10']);
      expect(providers.typebot.calls.at(-1)).toMatchObject({ body: { message: { type: 'text', text: 'Preços' } } });
      expect(texts(await answer(bot, turn(201, 'caro demais')))).toEqual(['Anotado: caro demais']);
      const rows = await owner('SELECT ticket_id FROM ai.typebot_sessions WHERE integration_id = $1 ORDER BY ticket_id', [bot.id]);
      expect(rows.map((row: { ticket_id: number }) => row.ticket_id)).toEqual([201, 202]);
    });

    it('answers typebotUnknownMessage to a reply that matches no choice, without asking Typebot', async () => {
      const bot = await create();
      await answer(bot, turn(211, 'oi'));
      const before = providers.typebot.calls.length;
      expect(await answer(bot, turn(211, '7'))).toEqual([
        { type: 'presence', presence: 'composing', ms: 250 },
        { type: 'text', body: 'Opção inválida, responda com o número.' },
      ]);
      expect(providers.typebot.calls.length).toBe(before);
      expect(texts(await answer(bot, turn(211, 'preços')))).toEqual(['Custa R$ 10']);
    });

    it('the restart keyword starts over after the restart message; the finish keyword closes the ticket', async () => {
      const bot = await create();
      await answer(bot, turn(221, 'oi'));
      await answer(bot, turn(221, '1'));
      expect(texts(await answer(bot, turn(221, '#MENU')))).toEqual([
        'Vamos recomeçar',
        'Oi Clara (5511977770001)',
        'Escolha:',
        '1 - Preços\n2 - Humano',
      ]);
      expect(await answer(bot, turn(221, '#sair'))).toEqual([{ type: 'close' }]);
      expect(await owner('SELECT 1 FROM ai.typebot_sessions WHERE ticket_id = 221', [])).toHaveLength(0);
    });

    it('a session older than typebotExpires minutes is restarted; a session gone on Typebot is restarted too', async () => {
      const bot = await create({ typebotExpires: 2 });
      await answer(bot, turn(231, 'oi'));
      await owner("UPDATE ai.typebot_sessions SET last_message_at = now() - interval '90 seconds' WHERE ticket_id = 231", []);
      expect(texts(await answer(bot, turn(231, '1')))).toEqual(['Custa R$ 10']);
      await owner("UPDATE ai.typebot_sessions SET last_message_at = now() - interval '3 minutes' WHERE ticket_id = 231", []);
      expect(texts(await answer(bot, turn(231, 'qualquer coisa')))[0]).toBe('Oi Clara (5511977770001)');

      const [{ session_id: sessionId }] = (await owner('SELECT session_id FROM ai.typebot_sessions WHERE ticket_id = 231', [])) as Array<{
        session_id: string;
      }>;
      providers.typebot.dropSession(sessionId);
      expect(texts(await answer(bot, turn(231, '1')))[0]).toBe('Oi Clara (5511977770001)');
    });

    it('a flow ending in #{"queueId":N} transfers the ticket, the command never reaching the customer', async () => {
      const bot = await create();
      await answer(bot, turn(241, 'oi'));
      expect(await answer(bot, turn(241, '2'))).toEqual([
        { type: 'presence', presence: 'composing', ms: 250 },
        { type: 'text', body: 'Transferindo' },
        { type: 'transfer', queueId: 9 },
      ]);
    });

    it('Typebot failing is a provider failure', async () => {
      const bot = await create({ typebotSlug: 'no-such-bot' });
      await expect(answer(bot, turn(251, 'oi'))).rejects.toMatchObject({ provider: 'typebot', status: 404 });
    });
  });

  describe('dialogflow', () => {
    it('sends the fulfillment texts of the detected intent, in a session per ticket, and hands to a human at the end of the conversation', async () => {
      const account = providers.dialogflow.createServiceAccount('loja');
      const bot = await integrations.create(admin, {
        type: 'dialogflow',
        name: 'DF',
        projectName: 'loja',
        jsonContent: JSON.stringify(account),
        language: 'es',
      });
      expect(await answer(bot, turn(301, 'Qual o horário?'))).toEqual([
        { type: 'text', body: 'Atendemos de segunda a sexta, das 8h às 18h.' },
      ]);
      expect(providers.dialogflow.calls.at(-1)).toMatchObject({
        project: 'loja',
        session: `atrium-${COMPANY}-301`,
        text: 'Qual o horário?',
        languageCode: 'es',
      });
      expect(await answer(bot, turn(301, 'quero um atendente'))).toEqual([
        { type: 'text', body: 'Certo, vou chamar um atendente.' },
        { type: 'handToHuman' },
      ]);
    });

    it('a configured intent with the payload {"handoff":{"queueId":N}} transfers; a 500 is a provider failure', async () => {
      const account = providers.dialogflow.createServiceAccount('loja2');
      const put = await fetch(`${providers.url}/_sandbox/dialogflow/agents/loja2`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          intents: [{ displayName: 'Financeiro', phrases: ['boleto'], texts: ['Um momento'], payload: { handoff: { queueId: 12 } } }],
        }),
      });
      expect(put.status).toBe(200);
      const bot = await integrations.create(admin, {
        type: 'dialogflow',
        name: 'DF2',
        projectName: 'loja2',
        jsonContent: JSON.stringify(account),
        language: 'pt-BR',
      });
      expect(await answer(bot, turn(311, 'segunda via do boleto'))).toEqual([
        { type: 'text', body: 'Um momento' },
        { type: 'transfer', queueId: 12 },
      ]);
      expect(texts(await answer(bot, turn(311, 'xyz')))).toEqual(['Desculpe, não entendi.']);
      providers.dialogflow.failNext.push(500);
      await expect(answer(bot, turn(311, 'boleto'))).rejects.toMatchObject({ provider: 'dialogflow', status: 500 });
    });
  });

  it('refuses at send time a URL that points to a private or local address (SSRF guard), without retrying or sending', async () => {
    const hook = await integrations.create(admin, { type: 'webhook', name: 'interna', urlN8N: `${providers.url}/webhook/ssrf` });
    providers.webhooks.configure('ssrf', {});
    // a row whose URL changed behind the API's back (or a name whose DNS answer changed since it was saved)
    const port = new URL(providers.url).port;
    await owner('UPDATE ai.queue_integrations SET url_n8n = $1 WHERE id = $2', [`http://localhost:${port}/webhook/ssrf`, hook.id]);
    await expect(answer(hook, turn(501, 'oi'))).rejects.toMatchObject({ provider: 'webhook', status: 'refused' });
    await owner('UPDATE ai.queue_integrations SET url_n8n = $1 WHERE id = $2', ['http://169.254.169.254/latest/meta-data/', hook.id]);
    await expect(answer(hook, turn(501, 'oi'))).rejects.toMatchObject({ provider: 'webhook', status: 'refused' });
    expect(providers.webhooks.calls('ssrf')).toEqual([]);

    // a file a receiver names inside the private network is not fetched either
    const media = await integrations.create(admin, {
      type: 'webhook',
      name: 'mídia interna',
      urlN8N: `${providers.url}/webhook/ssrf-media`,
    });
    providers.webhooks.configure('ssrf-media', {
      replies: [{ body: { replies: [{ type: 'media', url: 'http://169.254.169.254/latest/meta-data/x.png', mimetype: 'image/png' }] } }],
    });
    await expect(answer(media, turn(503, 'oi'))).rejects.toMatchObject({ provider: 'webhook', status: 'refused' });

    const typebot = await integrations.create(admin, {
      type: 'typebot',
      name: 'Typebot interno',
      urlN8N: providers.url,
      typebotSlug: 'faq',
    });
    await owner('UPDATE ai.queue_integrations SET url_n8n = $1 WHERE id = $2', [`http://[::1]:${port}`, typebot.id]);
    const before = providers.typebot.calls.length;
    await expect(answer(typebot, turn(502, 'oi'))).rejects.toMatchObject({ provider: 'typebot', status: 'refused' });
    expect(providers.typebot.calls.length).toBe(before);
  });

  it('an integration deleted meanwhile is a provider failure', async () => {
    const hook = await integrations.create(admin, { type: 'webhook', name: 'apagada', urlN8N: `${providers.url}/webhook/gone` });
    const kept = await integrations.create(admin, { type: 'webhook', name: 'mantida', urlN8N: `${providers.url}/webhook/kept` });
    await integrations.delete(admin, hook.id);
    expect(await integrations.missingIds(COMPANY, [kept.id, hook.id, kept.id])).toEqual([hook.id]);
    expect(await integrations.missingIds(COMPANY + 1, [kept.id])).toEqual([kept.id]);
    await expect(answer(hook, turn(401, 'oi'))).rejects.toMatchObject({ provider: 'integration' });
  });
});
