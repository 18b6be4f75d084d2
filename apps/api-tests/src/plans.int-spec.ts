import { AppError, IdentitySubjects, type Actor, type PlanView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { aCompany, aPlan } from '@atrium/testing';
import type { ApiClient } from './api-client.js';
import { actorStateOf, createPlan, signedUpAdmin, superClient } from './identity-fixtures.js';
import { startStack, type Stack } from './stack.js';

type PlanPage = { plans: PlanView[]; count: number; hasMore: boolean };

describe('plans (super users)', () => {
  let stack: Stack;
  let root: ApiClient;
  let admin: ApiClient;
  let adminActor: Actor;

  beforeAll(async () => {
    stack = await startStack();
    root = await superClient(stack);
    const plan = await createPlan(root);
    const signedUp = await signedUpAdmin(stack, plan.id);
    admin = signedUp.client;
    adminActor = (await actorStateOf(stack, signedUp.session.user.id))!;
  });
  afterAll(() => stack.stop());

  it('creates a plan with the spec’s defaults: every feature on, 0 for limits and value', async () => {
    const response = await root.post<PlanView>('/plans', { name: 'Defaults Only' });
    expect(response).toMatchObject({
      status: 201,
      body: {
        name: 'Defaults Only',
        users: 0,
        connections: 0,
        queues: 0,
        value: 0,
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
      },
    });
  });

  it('creates, shows, updates and deletes a plan', async () => {
    const created = await root.post<PlanView>('/plans', aPlan({ name: 'Gold', users: 5, value: 199.9, useOpenAi: false }));
    expect(created).toMatchObject({ status: 201, body: { name: 'Gold', users: 5, value: 199.9, useOpenAi: false } });
    const id = created.body.id;
    expect(await root.get(`/plans/${id}`)).toMatchObject({ status: 200, body: { id, name: 'Gold' } });
    const updated = await root.put<PlanView>(`/plans/${id}`, { name: 'Gold+', queues: 9, useOpenAi: true });
    expect(updated).toMatchObject({ status: 200, body: { id, name: 'Gold+', users: 5, queues: 9, useOpenAi: true } });
    expect(await root.delete(`/plans/${id}`)).toMatchObject({ status: 200 });
    expect(await root.get(`/plans/${id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
  });

  it('pages and searches plans as { plans, count, hasMore }', async () => {
    for (let i = 0; i < 3; i++) await createPlan(root, { name: `Searchable ${i}` });
    const page = await root.get<PlanPage>('/plans?searchParam=searchable&pageNumber=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 3, hasMore: false });
    expect(page.body.plans.map((p) => p.name)).toEqual(['Searchable 0', 'Searchable 1', 'Searchable 2']);
    const beyond = await root.get<PlanPage>('/plans?searchParam=searchable&pageNumber=2');
    expect(beyond.body).toEqual({ plans: [], count: 3, hasMore: false });
    for (let i = 0; i < 20; i++) await createPlan(root, { name: `Bulk ${String(i).padStart(2, '0')}` });
    const first = await root.get<PlanPage>('/plans?searchParam=bulk');
    expect(first.body).toMatchObject({ count: 20, hasMore: false });
    const all = await root.get<PlanPage>('/plans');
    expect(all.body.hasMore).toBe(true);
    expect(all.body.plans).toHaveLength(20);
  });

  it('lists every plan with its flags on GET /plans/all', async () => {
    const plan = await createPlan(root, { name: 'Listed', useKanban: false });
    const response = await root.get<PlanView[]>('/plans/all');
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual(plan);
  });

  it('refuses bad input with ERR_VALIDATION naming each field', async () => {
    const response = await root.post('/plans', { name: 'x', users: -1, value: 'free', useKanban: 'yes' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((response.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual([
      'name',
      'useKanban',
      'users',
      'value',
    ]);
    const update = await root.put(`/plans/${(await createPlan(root)).id}`, { connections: 1.5 });
    expect(update).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'connections' }] } });
    expect(await root.get('/plans/abc')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('refuses a second plan with the same name: 409 ERR_PLAN_NAME_ALREADY_EXISTS', async () => {
    const plan = await createPlan(root);
    expect(await root.post('/plans', aPlan({ name: plan.name }))).toMatchObject({
      status: 409,
      body: { error: 'ERR_PLAN_NAME_ALREADY_EXISTS' },
    });
    const other = await createPlan(root);
    expect(await root.put(`/plans/${other.id}`, { name: plan.name })).toMatchObject({
      status: 409,
      body: { error: 'ERR_PLAN_NAME_ALREADY_EXISTS' },
    });
  });

  it('answers 404 ERR_NO_PLAN_FOUND for an unknown plan', async () => {
    expect(await root.get('/plans/999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
    expect(await root.put('/plans/999999', { name: 'Ghost' })).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
    expect(await root.delete('/plans/999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
  });

  it('keeps a plan that companies use: 409 ERR_PLAN_IN_USE', async () => {
    const plan = await createPlan(root);
    expect((await root.post('/companies', aCompany(plan.id))).status).toBe(201);
    expect(await root.delete(`/plans/${plan.id}`)).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_IN_USE' } });
    expect((await root.get(`/plans/${plan.id}`)).status).toBe(200);
  });

  it('gives the logged-in users of companies on a plan its new flags at once', async () => {
    const plan = await createPlan(root, { useKanban: true, useOpenAi: true });
    const { client, session } = await signedUpAdmin(stack, plan.id);
    const before = await actorStateOf(stack, session.user.id);
    expect(before?.planFlags).toMatchObject({ useKanban: true, useOpenAi: true });
    expect((await root.put(`/plans/${plan.id}`, { useKanban: false })).status).toBe(200);
    const after = await actorStateOf(stack, session.user.id);
    expect(after).toEqual({ ...before, planFlags: { ...before!.planFlags, useKanban: false } });
    expect((await client.get('/auth/me')).status).toBe(200);
  });

  describe('wrong role', () => {
    it.each([
      ['GET', '/plans'],
      ['GET', '/plans/all'],
      ['GET', '/plans/1'],
      ['POST', '/plans'],
      ['PUT', '/plans/1'],
      ['DELETE', '/plans/1'],
    ])('an admin of a normal company gets 403 ERR_NO_PERMISSION on %s %s', async (method, path) => {
      const body = method === 'POST' || method === 'PUT' ? aPlan() : undefined;
      expect(await admin.request(method, path, body)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    });

    it('answers 401 without a login', async () => {
      expect(await stack.client().get('/plans/all')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    });

    it('the identity service refuses a non-super actor too, whoever sends the request over NATS', async () => {
      const rpc = stack.apps.gateway!.get(RpcClient);
      const refused = rpc.request(IdentitySubjects.plansCreate, aPlan(), { actor: adminActor });
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
      await expect(rpc.request(IdentitySubjects.plansList, {}, {})).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    });
  });
});
