import {
  SECRET_MASK,
  type QueueIntegrationEventPayload,
  type QueueIntegrationsPageView,
  type QueueIntegrationView,
} from '@atrium/contracts';
import { startBotProvidersSandbox, type RunningBotProvidersSandbox } from '@atrium/app-bot-providers-sandbox';
import { createPlan } from '../identity-fixtures.js';
import { socketOf } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

/** `/queueIntegration` through the gateway (spec 001 "Queue integrations"), identity and ai real, Dialogflow's stand-in for testSession. */
describe('queue integrations', () => {
  let providers: RunningBotProvidersSandbox;
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let withoutFlag: Tenant;
  let serviceAccount: Record<string, string>;

  const count = async (client: Tenant): Promise<number> =>
    (await client.admin.get<QueueIntegrationsPageView>('/queueIntegration')).body.count;
  const webhookIntegration = (name: string) => ({ type: 'webhook', name, urlN8N: `${providers.url}/webhook/${name.replace(/\W/g, '')}` });

  beforeAll(async () => {
    providers = await startBotProvidersSandbox({ PORT: 0, LOG_LEVEL: 'silent' });
    stack = await startStack({
      services: ['identity', 'ai'],
      env: { DIALOGFLOW_API_URL: providers.url, INTEGRATION_URL_ALLOWLIST: new URL(providers.url).host },
    });
    const root = await superAdmin(stack);
    const [plan, planWithout] = await Promise.all([
      createPlan(root, { useIntegrations: true }),
      createPlan(root, { useIntegrations: false }),
    ]);
    [tenant, other, withoutFlag] = await Promise.all([
      signUpTenant(stack, plan.id),
      signUpTenant(stack, plan.id),
      signUpTenant(stack, planWithout.id),
    ]);
    serviceAccount = providers.dialogflow.createServiceAccount('atrium-agent');
  });
  afterAll(async () => {
    await stack?.stop();
    await providers?.close();
  });

  it('creates, shows, edits, searches and deletes integrations, announced live on company-{id}-queueIntegration', async () => {
    const socket = await socketOf(stack, tenant.admin);
    const event = `company-${tenant.companyId}-queueIntegration`;
    try {
      const created = await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
        type: 'typebot',
        name: '  Typebot vendas  ',
        urlN8N: providers.url,
        typebotSlug: 'atrium-demo',
        typebotKeywordRestart: '#reiniciar',
        typebotKeywordFinish: '#sair',
        typebotRestartMessage: 'Recomeçando',
        typebotUnknownMessage: 'Não entendi',
        projectName: 'ignored for typebot',
      });
      expect(created).toMatchObject({
        status: 201,
        body: {
          id: expect.any(Number),
          type: 'typebot',
          name: 'Typebot vendas',
          typebotSlug: 'atrium-demo',
          typebotExpires: 1,
          typebotDelayMessage: 1000,
          projectName: null,
          jsonContent: null,
          companyId: tenant.companyId,
        },
      });
      const id = created.body.id;
      expect(
        await socket.nextWhere<QueueIntegrationEventPayload>(event, (p) => p.action === 'create' && p.queueIntegration.id === id),
      ).toBeDefined();

      const edited = await tenant.admin.put<QueueIntegrationView>(`/queueIntegration/${id}`, {
        ...created.body,
        name: 'Typebot suporte',
        typebotExpires: '5',
        typebotDelayMessage: 300,
      });
      expect(edited).toMatchObject({
        status: 200,
        body: { id, name: 'Typebot suporte', typebotExpires: 5, typebotDelayMessage: 300, typebotKeywordFinish: '#sair' },
      });
      expect(
        await socket.nextWhere<QueueIntegrationEventPayload>(event, (p) => p.action === 'update' && p.queueIntegration.id === id),
      ).toBeDefined();
      expect((await tenant.admin.get<QueueIntegrationView>(`/queueIntegration/${id}`)).body).toMatchObject({ id, name: 'Typebot suporte' });

      await tenant.admin.post('/queueIntegration', webhookIntegration('Webhook pedidos'));
      const page = (await tenant.admin.get<QueueIntegrationsPageView>('/queueIntegration?searchParam=suporte&pageNumber=1')).body;
      expect(page).toMatchObject({ count: 1, hasMore: false, queueIntegrations: [{ id }] });
      expect((await tenant.admin.get<QueueIntegrationsPageView>('/queueIntegration')).body.queueIntegrations.map((i) => i.name)).toEqual([
        'Typebot suporte',
        'Webhook pedidos',
      ]);

      expect((await tenant.admin.delete(`/queueIntegration/${id}`)).status).toBe(200);
      expect(
        await socket.nextWhere<QueueIntegrationEventPayload>(event, (p) => p.action === 'delete' && p.integrationId === id),
      ).toBeDefined();
      expect(await tenant.admin.get(`/queueIntegration/${id}`)).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_QUEUE_INTEGRATION_FOUND' },
      });
    } finally {
      socket.close();
    }
  });

  it('stores the Dialogflow service-account JSON sealed: the API answers only the mask, and a masked update keeps it', async () => {
    const json = JSON.stringify(serviceAccount);
    const created = await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
      type: 'dialogflow',
      name: 'Dialogflow',
      projectName: 'atrium-agent',
      jsonContent: json,
      language: 'pt-BR',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { type: 'dialogflow', projectName: 'atrium-agent', language: 'pt-BR', jsonContent: SECRET_MASK },
    });
    const id = created.body.id;
    for (const response of [created, await tenant.admin.get(`/queueIntegration/${id}`), await tenant.admin.get('/queueIntegration')]) {
      expect(JSON.stringify(response.body)).not.toContain('PRIVATE KEY');
      expect(JSON.stringify(response.body)).not.toContain(serviceAccount.client_email);
    }
    const stored = await ownerQuery<{ json_content_sealed: string }>(
      stack,
      'SELECT json_content_sealed FROM ai.queue_integrations WHERE id = $1',
      [id],
    );
    expect(stored[0]!.json_content_sealed).toMatch(/^v1\./);
    expect(stored[0]!.json_content_sealed).not.toContain('PRIVATE');

    const renamed = await tenant.admin.put<QueueIntegrationView>(`/queueIntegration/${id}`, { ...created.body, name: 'Dialogflow 2' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Dialogflow 2', jsonContent: SECRET_MASK } });
    const after = await ownerQuery<{ json_content_sealed: string }>(
      stack,
      'SELECT json_content_sealed FROM ai.queue_integrations WHERE id = $1',
      [id],
    );
    expect(after[0]!.json_content_sealed).toBe(stored[0]!.json_content_sealed);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const before = await count(tenant);
    const bad: Array<Record<string, unknown>> = [
      { type: 'telegram', name: 'Desconhecido', urlN8N: 'http://127.0.0.1:9/x' },
      { name: 'Sem tipo', urlN8N: 'http://127.0.0.1:9/x' },
      { type: 'n8n', name: 'A', urlN8N: 'http://127.0.0.1:9/x' },
      { type: 'n8n', name: 'x'.repeat(51), urlN8N: 'http://127.0.0.1:9/x' },
      { type: 'n8n', urlN8N: 'http://127.0.0.1:9/x' },
      { type: 'n8n', name: 'Sem URL' },
      { type: 'webhook', name: 'URL ruim', urlN8N: 'not a url' },
      { type: 'typebot', name: 'Sem slug', urlN8N: providers.url },
      { type: 'typebot', name: 'Sem servidor', typebotSlug: 'atrium-demo' },
      { type: 'typebot', name: 'Expira negativo', urlN8N: providers.url, typebotSlug: 'x', typebotExpires: -1 },
      { type: 'dialogflow', name: 'Sem projeto', jsonContent: JSON.stringify(serviceAccount), language: 'pt-BR' },
      { type: 'dialogflow', name: 'Sem JSON', projectName: 'atrium-agent', language: 'pt-BR' },
      { type: 'dialogflow', name: 'JSON inválido', projectName: 'atrium-agent', jsonContent: '{not json', language: 'pt-BR' },
      {
        type: 'dialogflow',
        name: 'Sem chave',
        projectName: 'atrium-agent',
        jsonContent: JSON.stringify({ client_email: 'a@b.c' }),
        language: 'pt-BR',
      },
      { type: 'dialogflow', name: 'Idioma', projectName: 'atrium-agent', jsonContent: JSON.stringify(serviceAccount), language: 'fr' },
    ];
    for (const body of bad) {
      const response = await tenant.admin.post('/queueIntegration', body);
      expect({ body, status: response.status, error: (response.body as { error?: string }).error }).toEqual({
        body,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const saved = await tenant.admin.post<QueueIntegrationView>('/queueIntegration', webhookIntegration('Válido'));
    expect((await tenant.admin.put(`/queueIntegration/${saved.body.id}`, { type: 'dialogflow', name: 'Válido' })).status).toBe(400);
    expect((await tenant.admin.get<QueueIntegrationView>(`/queueIntegration/${saved.body.id}`)).body).toMatchObject({
      type: 'webhook',
      name: 'Válido',
    });
    expect(await count(tenant)).toBe(before + 1);
  });

  it('refuses integration URLs that are not http(s) or point to private, loopback or link-local addresses (SSRF), the allow-listed stand-in excepted', async () => {
    const before = await count(tenant);
    const { port } = new URL(providers.url);
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [
        { type: 'webhook', name: 'Loopback', urlN8N: `http://127.0.0.1:${Number(port) + 1}/webhook/x` },
        'urlN8N',
        'must not point to a private or local address',
      ],
      [
        { type: 'n8n', name: 'Metadados', urlN8N: 'http://169.254.169.254/latest/meta-data/' },
        'urlN8N',
        'must not point to a private or local address',
      ],
      [
        { type: 'webhook', name: 'Rede interna', urlN8N: 'http://10.0.0.8:5678/webhook/x' },
        'urlN8N',
        'must not point to a private or local address',
      ],
      [
        { type: 'n8n', name: 'Localhost', urlN8N: 'http://localhost:5678/webhook/x' },
        'urlN8N',
        'must not point to a private or local address',
      ],
      [
        { type: 'typebot', name: 'IPv6', urlN8N: 'http://[::1]:3000', typebotSlug: 'x' },
        'urlN8N',
        'must not point to a private or local address',
      ],
      [{ type: 'webhook', name: 'Credenciais', urlN8N: 'https://user:pass@hooks.example.com/x' }, 'urlN8N', 'must not carry credentials'],
      [
        {
          type: 'dialogflow',
          name: 'Token interno',
          projectName: 'atrium-agent',
          jsonContent: JSON.stringify({ ...serviceAccount, token_uri: 'http://169.254.169.254/token' }),
          language: 'pt-BR',
        },
        'jsonContent',
        'token_uri must not point to a private or local address',
      ],
    ];
    for (const [body, field, message] of refused) {
      const response = await tenant.admin.post<{ error: string; fields?: Array<{ field: string; messages: string[] }> }>(
        '/queueIntegration',
        body,
      );
      expect({ name: body.name, status: response.status, error: response.body.error, fields: response.body.fields }).toEqual({
        name: body.name,
        status: 400,
        error: 'ERR_VALIDATION',
        fields: [{ field, messages: [message] }],
      });
    }
    const scheme = await tenant.admin.post<{ error: string }>('/queueIntegration', {
      type: 'webhook',
      name: 'FTP',
      urlN8N: 'ftp://files.example.com/x',
    });
    expect(scheme).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });

    const saved = await tenant.admin.post<QueueIntegrationView>('/queueIntegration', {
      type: 'webhook',
      name: 'Público',
      urlN8N: 'https://hooks.example.com/atrium',
    });
    expect(saved.status).toBe(201);
    const moved = await tenant.admin.put(`/queueIntegration/${saved.body.id}`, { ...saved.body, urlN8N: 'http://192.168.0.10/hook' });
    expect(moved).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await tenant.admin.get<QueueIntegrationView>(`/queueIntegration/${saved.body.id}`)).body.urlN8N).toBe(
      'https://hooks.example.com/atrium',
    );
    expect(await count(tenant)).toBe(before + 1);
  });

  it('keeps each company to its own integrations', async () => {
    const mine = (await tenant.admin.post<QueueIntegrationView>('/queueIntegration', webhookIntegration('Só minha'))).body;
    expect((await other.admin.get<QueueIntegrationsPageView>('/queueIntegration')).body.queueIntegrations.map((i) => i.id)).not.toContain(
      mine.id,
    );
    expect(await other.admin.get(`/queueIntegration/${mine.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_INTEGRATION_FOUND' },
    });
    expect(await other.admin.get(`/queueIntegration/${mine.id}/signingSecret`)).toMatchObject({ status: 404 });
    expect(await other.admin.put(`/queueIntegration/${mine.id}`, webhookIntegration('Tomada'))).toMatchObject({ status: 404 });
    expect(await other.admin.delete(`/queueIntegration/${mine.id}`)).toMatchObject({ status: 404 });
    expect((await tenant.admin.get<QueueIntegrationView>(`/queueIntegration/${mine.id}`)).body.name).toBe('Só minha');
  });

  it('answers ERR_PLAN_FEATURE_DISABLED to a company whose plan lacks useIntegrations', async () => {
    expect(await withoutFlag.admin.get('/queueIntegration')).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(await withoutFlag.admin.post('/queueIntegration', webhookIntegration('Sem plano'))).toMatchObject({ status: 403 });
  });

  it('testSession asks Dialogflow with the typed credentials and answers what it said, or a clear error', async () => {
    const ok = await tenant.admin.post('/queueIntegration/testSession', {
      projectName: 'atrium-agent',
      jsonContent: JSON.stringify(serviceAccount),
      language: 'pt-BR',
    });
    expect(ok).toMatchObject({
      status: 200,
      body: { queryText: 'Olá', intent: 'Default Welcome Intent', fulfillmentTexts: ['Olá! Como posso ajudar?'], endInteraction: false },
    });
    expect(providers.dialogflow.calls.at(-1)).toMatchObject({ project: 'atrium-agent', text: 'Olá', languageCode: 'pt-BR' });

    const stranger = providers.dialogflow.createServiceAccount('atrium-agent');
    const forged = JSON.stringify({ ...serviceAccount, private_key: stranger.private_key });
    const badKey = await tenant.admin.post('/queueIntegration/testSession', {
      projectName: 'atrium-agent',
      jsonContent: forged,
      language: 'en',
    });
    expect(badKey).toMatchObject({
      status: 400,
      body: { error: 'ERR_DIALOGFLOW_TEST_FAILED', data: { reason: 'credentials', status: 400 } },
    });
    expect(JSON.stringify(badKey.body)).not.toContain('PRIVATE KEY');

    const otherProject = await tenant.admin.post('/queueIntegration/testSession', {
      projectName: 'someone-else',
      jsonContent: JSON.stringify(serviceAccount),
      language: 'es',
    });
    expect(otherProject).toMatchObject({
      status: 400,
      body: { error: 'ERR_DIALOGFLOW_TEST_FAILED', data: { reason: 'project', status: 403 } },
    });

    const notJson = await tenant.admin.post('/queueIntegration/testSession', {
      projectName: 'atrium-agent',
      jsonContent: 'nope',
      language: 'pt-BR',
    });
    expect(notJson).toMatchObject({ status: 400, body: { error: 'ERR_DIALOGFLOW_TEST_FAILED', data: { reason: 'credentials' } } });
    expect(
      await tenant.admin.post('/queueIntegration/testSession', {
        projectName: 'atrium-agent',
        jsonContent: JSON.stringify(serviceAccount),
        language: 'fr',
      }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});
