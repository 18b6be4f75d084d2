import pg from 'pg';
import { SETTING_KEYS, type CompanyPlanView, type CompanyView, type PublicPlanView, type SessionUserView } from '@atrium/contracts';
import { aSignup } from '@atrium/testing';
import { createPlan, loggedIn, signUp, signedUpAdmin, superClient } from './identity-fixtures.js';
import { startStack, type Stack } from './stack.js';
import { IdentityConfig } from '@atrium/app-identity';
import { addDays, dateIn } from '@atrium/kernel';

/** `days` after today on the platform's calendar (the default TIME_ZONE, which the test stack keeps). */
function isoDaysFromToday(days: number): string {
  return addDays(dateIn(new IdentityConfig().TIME_ZONE), days);
}

describe('signup: POST /companies/cadastro and GET /plans/list', () => {
  let stack: Stack;
  let owner: pg.Client;
  let planId: number;

  beforeAll(async () => {
    stack = await startStack();
    owner = new pg.Client({ connectionString: stack.database.ownerUrl });
    await owner.connect();
    planId = (
      await createPlan(await superClient(stack), {
        name: 'Signup Plan',
        users: 3,
        connections: 2,
        queues: 4,
        value: 49.9,
        useKanban: false,
      })
    ).id;
  });
  afterAll(async () => {
    await owner.end();
    await stack.stop();
  });

  async function companiesNamed(name: string): Promise<number> {
    const { rows } = await owner.query<{ n: number }>('select count(*)::int as n from identity.companies where lower(name) = lower($1)', [
      name,
    ]);
    return rows[0]!.n;
  }

  async function lastCompanyId(): Promise<number> {
    const { rows } = await owner.query<{ n: string }>('select last_value as n from identity.companies_id_seq');
    return Number(rows[0]!.n);
  }

  it('lists the plans to choose from without a login, with names, limits and price only', async () => {
    const response = await stack.client().get<PublicPlanView[]>('/plans/list');
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ id: planId, name: 'Signup Plan', users: 3, connections: 2, queues: 4, value: 49.9 });
    for (const plan of response.body) expect(Object.keys(plan).sort()).toEqual(['connections', 'id', 'name', 'queues', 'users', 'value']);
  });

  it('creates the company with the server’s 3-day trial, whatever the client sends for it', async () => {
    const dto = aSignup(planId, { recurrence: 'ANUAL', dueDate: '2099-01-01', status: false, campaignsEnabled: false });
    const response = await signUp(stack, dto);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: dto.name,
      email: dto.email,
      phone: '11987654321',
      status: true,
      recurrence: 'MENSAL',
      dueDate: isoDaysFromToday(3),
      planId,
      plan: { id: planId, name: 'Signup Plan', useKanban: false },
    });
    expect(response.body.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' });
    expect(response.body.settings.map((s) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it('creates its first admin, named after the company, who logs in and sees the trial company and plan', async () => {
    const dto = aSignup(planId);
    const created = await signUp(stack, dto);
    expect(created.status).toBe(201);
    const { session } = await loggedIn(stack, dto.email.toUpperCase(), dto.password);
    expect(session.user).toMatchObject({
      name: dto.name,
      email: dto.email,
      profile: 'admin',
      super: false,
      companyId: created.body.id,
      company: { id: created.body.id, name: dto.name, dueDate: isoDaysFromToday(3), plan: { id: planId, useKanban: false } },
    });
    const { rows } = await owner.query<{ password_hash: string }>('select password_hash from identity.users where company_id = $1', [
      created.body.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('shows the new admin their own company’s plan and nobody else’s', async () => {
    const { client, company } = await signedUpAdmin(stack, planId);
    const own = await client.get<CompanyPlanView>(`/companies/listPlan/${company.id}`);
    expect(own).toMatchObject({
      status: 200,
      body: { id: company.id, name: company.name, dueDate: company.dueDate, plan: { id: planId } },
    });
    const other = await signedUpAdmin(stack, planId);
    expect(await client.get(`/companies/listPlan/${other.company.id}`)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await client.get('/companies/list')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await client.get<SessionUserView>('/auth/me')).toMatchObject({ status: 200, body: { companyId: company.id } });
  });

  it('refuses bad input with ERR_VALIDATION naming each field', async () => {
    const response = await signUp(stack, { name: 'A', email: 'not-an-email', password: '123', planId: 0 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION' });
    const fields = (response.body as unknown as { fields: { field: string }[] }).fields.map((f) => f.field).sort();
    expect(fields).toEqual(['email', 'name', 'password', 'planId']);
  });

  it('refuses a password over 50 characters and a name over 50', async () => {
    const response = await signUp(stack, aSignup(planId, { name: 'x'.repeat(51), password: 'p'.repeat(51) }));
    expect(response.status).toBe(400);
    expect((response.body as unknown as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['name', 'password']);
  });

  it('answers 404 ERR_NO_PLAN_FOUND for an unknown plan', async () => {
    const dto = aSignup(999_999);
    expect(await signUp(stack, dto)).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
    expect(await companiesNamed(dto.name)).toBe(0);
  });

  it('answers 409 ERR_EMAIL_ALREADY_EXISTS for an e-mail in use in any company, and leaves no company behind', async () => {
    const taken = aSignup(planId);
    expect((await signUp(stack, taken)).status).toBe(201);
    const again = aSignup(planId, { email: taken.email.toUpperCase() });
    const sequenceBefore = await lastCompanyId();
    expect(await signUp(stack, again)).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    // the company row was written (its id was drawn) before the user failed: the one transaction took it back
    expect(await lastCompanyId()).toBeGreaterThan(sequenceBefore);
    expect(await companiesNamed(again.name)).toBe(0);
    const superUser = aSignup(planId, { email: 'admin@admin.com' });
    expect(await signUp(stack, superUser)).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    expect(await companiesNamed(superUser.name)).toBe(0);
  });

  it('answers 409 ERR_COMPANY_NAME_ALREADY_EXISTS for a name in use, whatever its case', async () => {
    const first = aSignup(planId);
    expect((await signUp(stack, first)).status).toBe(201);
    const clash = aSignup(planId, { name: first.name.toUpperCase() });
    expect(await signUp(stack, clash)).toMatchObject({ status: 409, body: { error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' } });
    expect((await stack.client().post('/auth/login', { email: clash.email, password: clash.password })).status).toBe(401);
  });

  it('lets exactly one of two simultaneous signups with the same name through', async () => {
    const name = aSignup(planId).name;
    const results = await Promise.all([signUp(stack, aSignup(planId, { name })), signUp(stack, aSignup(planId, { name }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body).toMatchObject({ error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' });
    expect(await companiesNamed(name)).toBe(1);
  });

  it('limits signups per client IP: the 11th attempt within the hour is refused', async () => {
    const ip = '10.255.255.1';
    for (let i = 0; i < 10; i++) expect((await signUp(stack, aSignup(999_999), ip)).status).toBe(404);
    const refused = await signUp(stack, aSignup(planId), ip);
    expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    expect((await signUp(stack, aSignup(planId), '10.255.255.2')).status).toBe(201);
  });

  it('the signed-up company appears in the super user’s company list', async () => {
    const dto = aSignup(planId);
    const created = await signUp(stack, dto);
    const list = await (await superClient(stack)).get<CompanyView[]>('/companies/list');
    expect(list.body.map((c) => c.id)).toContain(created.body.id);
  });
});
