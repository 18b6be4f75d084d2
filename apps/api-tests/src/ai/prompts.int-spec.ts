import { Writable } from 'node:stream';
import { SECRET_MASK, type PromptEventPayload, type PromptsListView, type PromptView, type QueueView } from '@atrium/contracts';
import { createLogger } from '@atrium/logging';
import { createPlan } from '../identity-fixtures.js';
import { socketOf } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createQueue, ownerQuery } from '../tickets/tickets-fixtures.js';

const API_KEY = 'sk-proj-segredo-da-empresa-0001';
const VOICE_KEY = 'voz-segredo-da-empresa-0002';
const PROMPT_TEXT = 'Você é a assistente da Padaria Atrium. Responda com gentileza e em poucas palavras.';

/**
 * `/prompt` through the gateway (spec 001 "AI prompts", the Prompt entity, validation, plan flag
 * useOpenAi, live channel `prompt`), the tickets and ai services real. The ai service runs with a
 * log at trace level captured, to show a stored key is never logged.
 */
describe('prompts', () => {
  let stack: Stack;
  const logLines: string[] = [];
  let tenant: Tenant;
  let other: Tenant;
  let queue: QueueView;
  let otherQueue: QueueView;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    // the stack's own ai service (in single mode the one process runs it: a second one beside it would take half its work)
    const aiLogger = createLogger({ service: 'ai', level: 'trace', destination });
    stack = await startStack({ services: ['identity', 'tickets', 'sessions', 'ai'], aiLogger });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    [queue, otherQueue] = await Promise.all([createQueue(tenant, 'Vendas'), createQueue(other, 'Outra fila')]);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('creates with the spec defaults, lists with the queue name, edits, deletes, live on company-{id}-prompt, keys masked', async () => {
    const socket = await socketOf(stack, tenant.admin);
    const event = `company-${tenant.companyId}-prompt`;
    try {
      const created = await tenant.admin.post<PromptView>('/prompt', {
        name: 'Atendente virtual',
        prompt: PROMPT_TEXT,
        queueId: queue.id,
        apiKey: API_KEY,
      });
      expect(created).toMatchObject({
        status: 201,
        body: {
          id: expect.any(Number),
          name: 'Atendente virtual',
          prompt: PROMPT_TEXT,
          queueId: queue.id,
          queue: { id: queue.id, name: 'Vendas' },
          maxTokens: 100,
          temperature: 1,
          maxMessages: 10,
          voice: 'texto',
          voiceKey: '',
          voiceRegion: '',
          apiKey: SECRET_MASK,
        },
      });
      const id = created.body.id;
      expect(await socket.nextWhere<PromptEventPayload>(event, (p) => p.action === 'create' && p.prompt.id === id)).toMatchObject({
        prompt: { apiKey: SECRET_MASK },
      });

      const list = await tenant.admin.get<PromptsListView>('/prompt');
      expect(list.body.prompts).toEqual([expect.objectContaining({ id, queue: { id: queue.id, name: 'Vendas' } })]);
      expect((await tenant.admin.get<PromptView>(`/prompt/${id}`)).body).toMatchObject({ id, apiKey: SECRET_MASK });

      // the form sends the mask back: the stored key stays; a new voice key is stored, masked too
      const edited = await tenant.admin.put<PromptView>(`/prompt/${id}`, {
        ...created.body,
        maxTokens: '250',
        temperature: 0.4,
        maxMessages: 4,
        voice: 'pt-BR-FranciscaNeural',
        voiceKey: VOICE_KEY,
        voiceRegion: 'brazilsouth',
      });
      expect(edited).toMatchObject({
        status: 200,
        body: {
          id,
          maxTokens: 250,
          temperature: 0.4,
          maxMessages: 4,
          voice: 'pt-BR-FranciscaNeural',
          voiceKey: SECRET_MASK,
          voiceRegion: 'brazilsouth',
          apiKey: SECRET_MASK,
        },
      });
      expect(await socket.nextWhere<PromptEventPayload>(event, (p) => p.action === 'update' && p.prompt.id === id)).toBeDefined();

      // stored sealed, never in clear; the mask did not replace the key
      const [stored] = await ownerQuery<{ api_key_sealed: string; voice_key_sealed: string }>(
        stack,
        'select api_key_sealed, voice_key_sealed from ai.prompts where id = $1',
        [id],
      );
      expect(stored!.api_key_sealed).toMatch(/^v1\./);
      expect(stored!.voice_key_sealed).toMatch(/^v1\./);
      expect(JSON.stringify(stored)).not.toContain(API_KEY);
      expect(JSON.stringify(stored)).not.toContain(VOICE_KEY);
      expect(JSON.stringify(stored)).not.toContain(SECRET_MASK);

      expect((await tenant.admin.delete(`/prompt/${id}`)).body).toEqual({ message: expect.any(String) });
      expect(await socket.nextWhere<PromptEventPayload>(event, (p) => p.action === 'delete' && p.promptId === id)).toBeDefined();
      expect(await tenant.admin.get(`/prompt/${id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_PROMPT_FOUND' } });
    } finally {
      socket.close();
    }
  });

  it('never returns or logs a stored key', async () => {
    const created = await tenant.admin.post<PromptView>('/prompt', {
      name: 'Sigilo',
      prompt: PROMPT_TEXT,
      queueId: queue.id,
      apiKey: API_KEY,
      voiceKey: VOICE_KEY,
    });
    const answers = [
      created,
      await tenant.admin.get('/prompt'),
      await tenant.admin.get(`/prompt/${created.body.id}`),
      await tenant.admin.put(`/prompt/${created.body.id}`, { name: 'Sigilo 2' }),
    ];
    for (const answer of answers) {
      expect(JSON.stringify(answer.body)).not.toContain(API_KEY);
      expect(JSON.stringify(answer.body)).not.toContain(VOICE_KEY);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(API_KEY) || line.includes(VOICE_KEY))).toEqual([]);
  });

  it("validates as the spec says ('Informe o setor'), refuses another company's queue, and stores nothing", async () => {
    const before = await ownerQuery(stack, 'select id from ai.prompts where company_id = $1', [tenant.companyId]);
    const noQueue = await tenant.admin.post<{ error: string; fields: Array<{ field: string; messages: string[] }> }>('/prompt', {
      name: 'Sem setor',
      prompt: PROMPT_TEXT,
      apiKey: API_KEY,
    });
    expect(noQueue).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(noQueue.body.fields).toEqual([{ field: 'queueId', messages: expect.arrayContaining(['Informe o setor']) }]);
    const bad = [
      { name: 'Fila vazia', prompt: PROMPT_TEXT, apiKey: API_KEY, queueId: '' },
      { name: '', prompt: PROMPT_TEXT, apiKey: API_KEY, queueId: queue.id },
      { name: 'Sem chave', prompt: PROMPT_TEXT, queueId: queue.id },
      { name: 'Sem prompt', apiKey: API_KEY, queueId: queue.id },
      { name: 'Voz errada', prompt: PROMPT_TEXT, apiKey: API_KEY, queueId: queue.id, voice: 'robô' },
      { name: 'Temperatura', prompt: PROMPT_TEXT, apiKey: API_KEY, queueId: queue.id, temperature: 3 },
      { name: 'Tokens', prompt: PROMPT_TEXT, apiKey: API_KEY, queueId: queue.id, maxTokens: 'muitos' },
    ];
    for (const body of bad) {
      const response = await tenant.admin.post('/prompt', body);
      expect({ name: body.name, status: response.status, error: (response.body as { error?: string }).error }).toEqual({
        name: body.name,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const foreign = await tenant.admin.post<{ fields: Array<{ field: string }> }>('/prompt', {
      name: 'Fila alheia',
      prompt: PROMPT_TEXT,
      apiKey: API_KEY,
      queueId: otherQueue.id,
    });
    expect(foreign).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'queueId' }] } });
    expect(await ownerQuery(stack, 'select id from ai.prompts where company_id = $1', [tenant.companyId])).toEqual(before);
  });

  it("keeps tenants apart: another company's prompts are invisible and untouchable, and cannot be put on a queue or connection", async () => {
    const theirs = (
      await other.admin.post<PromptView>('/prompt', { name: 'Da outra', prompt: PROMPT_TEXT, queueId: otherQueue.id, apiKey: API_KEY })
    ).body;
    expect((await tenant.admin.get(`/prompt/${theirs.id}`)).status).toBe(404);
    expect((await tenant.admin.put(`/prompt/${theirs.id}`, { name: 'tomada' })).status).toBe(404);
    expect((await tenant.admin.delete(`/prompt/${theirs.id}`)).status).toBe(404);
    expect((await tenant.admin.get<PromptsListView>('/prompt')).body.prompts.map((p) => p.id)).not.toContain(theirs.id);
    expect((await other.admin.get<PromptView>(`/prompt/${theirs.id}`)).body.name).toBe('Da outra');

    const mine = (
      await tenant.admin.post<PromptView>('/prompt', { name: 'Da fila', prompt: PROMPT_TEXT, queueId: queue.id, apiKey: API_KEY })
    ).body;
    expect(await tenant.admin.put<QueueView>(`/queue/${queue.id}`, { promptId: theirs.id })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'promptId' }] },
    });
    expect(await tenant.admin.put<QueueView>(`/queue/${queue.id}`, { promptId: mine.id })).toMatchObject({
      status: 200,
      body: { promptId: mine.id },
    });
    expect(await tenant.admin.put<QueueView>(`/queue/${queue.id}`, { promptId: null })).toMatchObject({
      status: 200,
      body: { promptId: null },
    });
  });

  it('needs the plan flag useOpenAi (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const plan = await createPlan(await superAdmin(stack), { name: `Sem IA ${Date.now()}`, useOpenAi: false });
    const withoutAi = await signUpTenant(stack, plan.id);
    expect(await withoutAi.admin.get('/prompt')).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(await withoutAi.admin.post('/prompt', { name: 'x', prompt: PROMPT_TEXT, queueId: 1, apiKey: API_KEY })).toMatchObject({
      status: 403,
    });
  });
});
