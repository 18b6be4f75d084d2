import type { UserView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, type Tenant } from './tenants.js';
import { createQueue } from './tickets/tickets-fixtures.js';

type UserPage = { users: UserView[]; count: number; hasMore: boolean };

describe('users API', () => {
  let stack: Stack;
  let alpha: Tenant;
  let beta: Tenant;

  beforeAll(async () => {
    // users' queues are the tickets service's, which is asked whether they are the company's
    stack = await startStack({ services: ['identity', 'tickets'] });
    [alpha, beta] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
  });
  afterAll(() => stack.stop());

  async function createAgent(tenant: Tenant, overrides: Parameters<typeof aUser>[0] = {}) {
    const body = aUser(overrides);
    const response = await tenant.admin.post<UserView>('/users', body);
    expect(response.status).toBe(201);
    return { ...body, view: response.body };
  }

  it('creates a user with the spec fields and lists it only in its own company', async () => {
    const [first, second] = [await createQueue(alpha), await createQueue(alpha)];
    const agent = await createAgent(alpha, { queueIds: [second!.id, first!.id], allTicket: 'enabled' });
    expect(agent.view).toMatchObject({
      name: agent.name,
      email: agent.email,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [first!.id, second!.id],
      companyId: alpha.companyId,
    });
    expect(agent.view).not.toHaveProperty('passwordHash');
    // forms send '' or false for "no connection"
    expect((await createAgent(alpha, { whatsappId: '' as never })).view.whatsappId).toBeNull();
    const edited = await alpha.admin.put<UserView>(`/users/${agent.view.id}`, { whatsappId: false });
    expect(edited).toMatchObject({ status: 200, body: { whatsappId: null } });

    const alphaUsers = await alpha.admin.get<UserPage>('/users');
    expect(alphaUsers.body.users.map((u) => u.email)).toContain(agent.email);
    const betaUsers = await beta.admin.get<UserPage>('/users');
    expect(betaUsers.body.users.map((u) => u.email)).not.toContain(agent.email);
    expect(betaUsers.body.users.every((u) => u.companyId === beta.companyId)).toBe(true);
  });

  it('searches by name or e-mail and pages with count and hasMore', async () => {
    const agent = await createAgent(alpha, { name: 'Zélia Searchable' });
    const found = await alpha.admin.get<UserPage>(`/users?searchParam=${encodeURIComponent('zélia')}`);
    expect(found.body.users.map((u) => u.id)).toEqual([agent.view.id]);
    expect(found.body).toMatchObject({ count: 1, hasMore: false });
    const none = await alpha.admin.get<UserPage>('/users?searchParam=%25');
    expect(none.body.users).toEqual([]);
  });

  it('saves users in parallel without running the database pool dry', async () => {
    // each save used to hold its transaction while asking a second pool connection for the e-mail check
    const gamma = await signUpTenant(stack); // its own company: the plan's user limit may be reached here
    const bodies = Array.from({ length: 12 }, () => aUser());
    const answers = await Promise.all(bodies.map((body) => gamma.admin.post<UserView>('/users', body)));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect(refused.body).toEqual({ error: 'ERR_USER_LIMIT_REACHED' });
    const updates = await Promise.all(
      created.map((answer) => gamma.admin.put<UserView>(`/users/${answer.body.id}`, { name: 'Renamed in parallel' })),
    );
    expect(updates.map((answer) => answer.status)).toEqual(created.map(() => 200));
  });

  it('never shows or changes another company’s user by id (wrong tenant)', async () => {
    const agent = await createAgent(alpha);
    expect(await beta.admin.get(`/users/${agent.view.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await beta.admin.put(`/users/${agent.view.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await beta.admin.delete(`/users/${agent.view.id}`)).status).toBe(404);
    expect((await alpha.admin.get<UserView>(`/users/${agent.view.id}`)).body.name).toBe(agent.name);
  });

  it('validates name 2-50, e-mail and password 5-50 with ERR_VALIDATION and the fields', async () => {
    const response = await alpha.admin.post('/users', { name: 'A', email: 'bad', password: '123' });
    expect(response.status).toBe(400);
    expect((response.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['email', 'name', 'password']);
    const tooLong = await alpha.admin.post('/users', aUser({ name: 'x'.repeat(51) }));
    expect(tooLong).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('refuses a duplicate e-mail in any company', async () => {
    const agent = await createAgent(alpha);
    const again = await beta.admin.post('/users', aUser({ email: agent.email.toUpperCase() }));
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it('lets a plain user read the pickers list and their own record, but not manage users', async () => {
    const agent = await createAgent(alpha);
    const client = stack.client();
    await client.login(agent.email, agent.password);
    expect((await client.get<UserView[]>('/users/list')).body.every((u) => u.companyId === alpha.companyId)).toBe(true);
    expect((await client.get(`/users/${agent.view.id}`)).status).toBe(200);
    expect(await client.get('/users')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await client.post('/users', aUser())).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await client.get(`/users/${alpha.adminSession.user.id}`)).status).toBe(403);
    expect((await client.delete(`/users/${alpha.adminSession.user.id}`)).status).toBe(403);
  });

  it('lets a user edit their own name and password but never raise their own profile or queues', async () => {
    const agent = await createAgent(alpha);
    const client = stack.client();
    await client.login(agent.email, agent.password);
    expect(await client.put(`/users/${agent.view.id}`, { profile: 'admin' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await client.put(`/users/${agent.view.id}`, { queueIds: [99] })).status).toBe(403);
    const renamed = await client.put<UserView>(`/users/${agent.view.id}`, { name: 'New Name', password: 'another1', profile: 'user' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'New Name', profile: 'user' } });
    expect((await stack.client().post('/auth/login', { email: agent.email, password: 'another1' })).status).toBe(200);
  });

  it('applies an admin’s change of profile at once to the user’s next request', async () => {
    const agent = await createAgent(alpha);
    const client = stack.client();
    await client.login(agent.email, agent.password);
    expect((await client.get('/users')).status).toBe(403);
    expect((await alpha.admin.put(`/users/${agent.view.id}`, { profile: 'admin' })).status).toBe(200);
    expect((await client.get('/users')).status).toBe(200);
  });

  it('deletes a user (not oneself) and ends their session at once', async () => {
    const agent = await createAgent(alpha);
    const client = stack.client();
    await client.login(agent.email, agent.password);
    expect(await alpha.admin.delete(`/users/${alpha.adminSession.user.id}`)).toMatchObject({
      status: 400,
      body: { error: 'ERR_CANNOT_DELETE_SELF' },
    });
    expect((await alpha.admin.delete(`/users/${agent.view.id}`)).status).toBe(200);
    expect((await client.get('/auth/me')).status).toBe(401);
    expect((await alpha.admin.get(`/users/${agent.view.id}`)).status).toBe(404);
  });

  it('enforces the plan’s user limit', async () => {
    const superAdmin = stack.client();
    await superAdmin.login('admin@admin.com', '123456');
    const plan = await superAdmin.post<{ id: number }>('/plans', {
      name: `Tiny ${Date.now()}`,
      users: 2,
      connections: 1,
      queues: 1,
      value: 10,
    });
    expect(plan.body.id).toEqual(expect.any(Number));
    const tiny = await signUpTenant(stack, plan.body.id);
    await createAgent(tiny);
    expect(await tiny.admin.post('/users', aUser())).toMatchObject({ status: 403, body: { error: 'ERR_USER_LIMIT_REACHED' } });
  });

  it('answers 400 for a non-numeric id and 404 for an unknown one', async () => {
    expect((await alpha.admin.get('/users/abc')).status).toBe(400);
    expect(await alpha.admin.get('/users/999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
  });
});
