import type { QueueOptionView, QueueView } from '@atrium/contracts';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aColor, createAgent } from './tickets-fixtures.js';

interface ErrorReply {
  error: string;
  fields?: { field: string; messages: string[] }[];
}

describe('queue options API (the chatbot option tree)', () => {
  let stack: Stack;
  let alpha: Tenant;
  let beta: Tenant;

  const newQueue = async (tenant: Tenant): Promise<QueueView> =>
    (await tenant.admin.post<QueueView>('/queue', { name: 'Fila', color: aColor() })).body;
  const addOption = async (tenant: Tenant, body: Record<string, unknown>): Promise<QueueOptionView> => {
    const response = await tenant.admin.post<QueueOptionView>('/queue-options', body);
    expect(response.status).toBe(201);
    return response.body;
  };
  const level = async (tenant: Tenant, queueId: number, parentId: number | -1): Promise<QueueOptionView[]> => {
    const response = await tenant.admin.get<QueueOptionView[]>(`/queue-options?queueId=${queueId}&parentId=${parentId}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    [alpha, beta] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
  });
  afterAll(() => stack.stop());

  it('builds a two-level tree, lists it level by level (-1 the root, by option number), updates and deletes a subtree', async () => {
    const queue = await newQueue(alpha);
    const second = await addOption(alpha, { queueId: queue.id, parentId: -1, title: 'Suporte', message: 'Escolha:', option: 2 });
    const first = await addOption(alpha, { queueId: queue.id, parentId: null, title: 'Vendas', message: 'Nossos planos', option: '1' });
    expect(first).toMatchObject({
      queueId: queue.id,
      parentId: null,
      title: 'Vendas',
      message: 'Nossos planos',
      option: 1,
      companyId: alpha.companyId,
    });
    const child = await addOption(alpha, {
      queueId: queue.id,
      parentId: second.id,
      title: 'Internet',
      message: 'Reinicie o modem',
      option: 1,
    });
    const grandChild = await addOption(alpha, { queueId: queue.id, parentId: child.id, title: 'Ainda sem sinal', option: 1 });

    expect((await level(alpha, queue.id, -1)).map((o) => o.title)).toEqual(['Vendas', 'Suporte']);
    expect((await alpha.admin.get<QueueOptionView[]>(`/queue-options?queueId=${queue.id}`)).body.map((o) => o.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect((await level(alpha, queue.id, second.id)).map((o) => o.id)).toEqual([child.id]);
    expect((await level(alpha, queue.id, child.id)).map((o) => o)).toEqual([expect.objectContaining({ id: grandChild.id, message: '' })]);

    const updated = await alpha.admin.put<QueueOptionView>(`/queue-options/${first.id}`, {
      title: 'Comercial',
      option: 3,
      queueId: 999,
      parentId: second.id,
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { id: first.id, title: 'Comercial', option: 3, parentId: null, queueId: queue.id },
    });

    expect((await alpha.admin.delete(`/queue-options/${second.id}`)).status).toBe(200);
    expect((await level(alpha, queue.id, -1)).map((o) => o.id)).toEqual([first.id]);
    expect(await level(alpha, queue.id, second.id)).toEqual([]);
    expect(await level(alpha, queue.id, child.id)).toEqual([]);
    expect((await alpha.admin.put(`/queue-options/${grandChild.id}`, { title: 'Gone' })).status).toBe(404);
    expect((await alpha.admin.delete(`/queue-options/${second.id}`)).status).toBe(404);
  });

  it('refuses with a clear 400, storing nothing, an unknown parent or queue, a parent of another queue or company, a duplicate number', async () => {
    const queue = await newQueue(alpha);
    const otherQueue = await newQueue(alpha);
    const root = await addOption(alpha, { queueId: queue.id, title: 'Raiz', option: 1 });
    const elsewhere = await addOption(alpha, { queueId: otherQueue.id, title: 'Outra fila', option: 1 });
    const betaQueue = await newQueue(beta);
    const betaOption = await addOption(beta, { queueId: betaQueue.id, title: 'Outra empresa', option: 1 });

    const refusals: [Record<string, unknown>, string][] = [
      [{ queueId: queue.id, parentId: 2_000_000_000, title: 'Órfã', option: 1 }, 'parentId'],
      [{ queueId: queue.id, parentId: elsewhere.id, title: 'Cruzada', option: 1 }, 'parentId'],
      [{ queueId: queue.id, parentId: betaOption.id, title: 'Vizinha', option: 1 }, 'parentId'],
      [{ queueId: betaQueue.id, title: 'Fila alheia', option: 2 }, 'queueId'],
      [{ queueId: queue.id, title: 'Repetida', option: 1 }, 'option'],
      [{ queueId: queue.id, title: 'Zero', option: 0 }, 'option'],
      [{ queueId: queue.id, title: 'Texto', option: 'um' }, 'option'],
      [{ queueId: queue.id, title: '', option: 5 }, 'title'],
    ];
    for (const [body, field] of refusals) {
      const response = await alpha.admin.post<ErrorReply>('/queue-options', body);
      expect({ body, status: response.status, error: response.body.error, fields: response.body.fields?.map((f) => f.field) }).toEqual({
        body,
        status: 400,
        error: 'ERR_VALIDATION',
        fields: [field],
      });
    }
    await addOption(alpha, { queueId: queue.id, parentId: root.id, title: 'Filha', option: 1 });
    const duplicateChild = await alpha.admin.post<ErrorReply>('/queue-options', {
      queueId: queue.id,
      parentId: root.id,
      title: 'Gêmea',
      option: 1,
    });
    expect(duplicateChild).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'option' }] } });

    const second = await addOption(alpha, { queueId: queue.id, title: 'Segunda', option: 2 });
    expect(await alpha.admin.put(`/queue-options/${second.id}`, { option: 1 })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'option' }] },
    });

    expect((await level(alpha, queue.id, -1)).map((o) => [o.title, o.option])).toEqual([
      ['Raiz', 1],
      ['Segunda', 2],
    ]);
    expect((await level(alpha, queue.id, root.id)).map((o) => o.title)).toEqual(['Filha']);
    expect(await level(beta, betaQueue.id, betaOption.id)).toEqual([]);
  });

  it('keeps an option number to one sibling when saves race', async () => {
    const queue = await newQueue(alpha);
    const race = await Promise.all(
      [1, 2, 3].map((n) => alpha.admin.post('/queue-options', { queueId: queue.id, title: `Corrida ${n}`, option: 7 })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(await level(alpha, queue.id, -1)).toHaveLength(1);
  });

  it('hides another company’s tree, and lets only admins change it', async () => {
    const queue = await newQueue(alpha);
    const option = await addOption(alpha, { queueId: queue.id, title: 'Privada', option: 1 });
    expect(await level(beta, queue.id, -1)).toEqual([]);
    expect((await beta.admin.put(`/queue-options/${option.id}`, { title: 'Minha' })).status).toBe(404);
    expect((await beta.admin.delete(`/queue-options/${option.id}`)).status).toBe(404);

    const agent = await createAgent(stack, alpha);
    expect((await agent.client.get<QueueOptionView[]>(`/queue-options?queueId=${queue.id}&parentId=-1`)).body.map((o) => o.id)).toEqual([
      option.id,
    ]);
    expect((await agent.client.post('/queue-options', { queueId: queue.id, title: 'Agente', option: 2 })).status).toBe(403);
    expect((await agent.client.put(`/queue-options/${option.id}`, { title: 'Agente' })).status).toBe(403);
    expect((await agent.client.delete(`/queue-options/${option.id}`)).status).toBe(403);

    expect((await alpha.admin.delete(`/queue/${queue.id}`)).status).toBe(200);
    expect(await level(alpha, queue.id, -1)).toEqual([]);
  });

  it('answers a malformed query with 400', async () => {
    expect((await alpha.admin.get('/queue-options')).status).toBe(400);
    expect((await alpha.admin.get('/queue-options?queueId=abc&parentId=-1')).status).toBe(400);
    expect((await alpha.admin.get('/queue-options?queueId=1&parentId=x')).status).toBe(400);
  });
});
