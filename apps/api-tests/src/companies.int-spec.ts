import pg from 'pg';
import {
  IdentitySubjects,
  SETTING_KEYS,
  type CompanyPlanView,
  type CompanyView,
  type CreateUserDto,
  type PlanView,
  type ScheduleRow,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { aCompany, aUser } from '@atrium/testing';
import type { ApiClient } from './api-client.js';
import { actorStateOf, createPlan, loggedIn, signedUpAdmin } from './identity-fixtures.js';
import { startStack, type Stack } from './stack.js';
import { SUPER_ADMIN } from './tenants.js';

type CompanyPage = { companies: CompanyView[]; count: number; hasMore: boolean };

const WEEK: ScheduleRow[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
];

describe('companies (super users)', () => {
  let stack: Stack;
  let owner: pg.Client;
  let root: ApiClient;
  let plan: PlanView;
  let platformCompanyId: number;

  beforeAll(async () => {
    stack = await startStack();
    owner = new pg.Client({ connectionString: stack.database.ownerUrl });
    await owner.connect();
    const superUser = await loggedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
    root = superUser.client;
    platformCompanyId = superUser.session.user.companyId;
    plan = await createPlan(root, { name: 'Company Plan', useKanban: true });
  });
  afterAll(async () => {
    await owner.end();
    await stack.stop();
  });

  async function createCompany(overrides: Parameters<typeof aCompany>[1] = {}): Promise<CompanyView> {
    const response = await root.post<CompanyView>('/companies', aCompany(plan.id, overrides));
    if (response.status !== 201) throw new Error(`company creation failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  async function usersOf(companyId: number): Promise<{ name: string; email: string; profile: string }[]> {
    const { rows } = await owner.query('select name, email, profile from identity.users where company_id = $1', [companyId]);
    return rows;
  }

  describe('create', () => {
    it('creates a company with its plan and every default setting, and no user without a password', async () => {
      const dto = aCompany(plan.id, { dueDate: null, campaignsEnabled: false, document: '12.345.678/0001-90', addressCity: 'Recife' });
      const response = await root.post<CompanyView>('/companies', dto);
      expect(response).toMatchObject({
        status: 201,
        body: {
          name: dto.name,
          email: dto.email,
          phone: '21912345678',
          dueDate: null,
          status: true,
          recurrence: 'MENSAL',
          document: dto.document,
          addressCity: 'Recife',
        },
      });
      expect(response.body.plan).toEqual(plan);
      expect(response.body.settings.map((s) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
      expect(response.body.settings).toContainEqual({ key: 'campaignsEnabled', value: 'false' });
      expect(await usersOf(response.body.id)).toEqual([]);
    });

    it('with a password, creates the company’s admin (the company e-mail), who logs in', async () => {
      const dto = aCompany(plan.id, { password: 'owner-pass' });
      const company = (await root.post<CompanyView>('/companies', dto)).body;
      expect(await usersOf(company.id)).toEqual([{ name: dto.name, email: dto.email, profile: 'admin' }]);
      const { session } = await loggedIn(stack, dto.email, 'owner-pass');
      expect(session.user).toMatchObject({ profile: 'admin', super: false, company: { id: company.id, plan: { id: plan.id } } });
    });

    it('refuses bad input with ERR_VALIDATION naming each field', async () => {
      const response = await root.post('/companies', {
        name: 'A',
        email: 'nope',
        planId: 'x',
        dueDate: 'tomorrow',
        recurrence: 'WEEKLY',
        password: '123',
      });
      expect(response.status).toBe(400);
      expect((response.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual([
        'dueDate',
        'email',
        'name',
        'password',
        'planId',
        'recurrence',
      ]);
    });

    it('answers 404 ERR_NO_PLAN_FOUND for an unknown plan', async () => {
      expect(await root.post('/companies', aCompany(999_999))).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
    });

    it('answers 409 ERR_COMPANY_NAME_ALREADY_EXISTS for a name in use, whatever its case', async () => {
      const existing = await createCompany();
      const clash = await root.post('/companies', aCompany(plan.id, { name: existing.name.toLowerCase() }));
      expect(clash).toMatchObject({ status: 409, body: { error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' } });
    });

    it('answers 409 ERR_EMAIL_ALREADY_EXISTS when the admin’s e-mail is in use, and keeps nothing of the company', async () => {
      const dto = aCompany(plan.id, { email: 'admin@admin.com', password: 'secret123' });
      expect(await root.post('/companies', dto)).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
      const { rows } = await owner.query('select id from identity.companies where name = $1', [dto.name]);
      expect(rows).toEqual([]);
    });
  });

  describe('read', () => {
    it('lists every company with plan and settings on GET /companies/list', async () => {
      const company = await createCompany();
      const response = await root.get<CompanyView[]>('/companies/list');
      expect(response.status).toBe(200);
      expect(response.body.map((c) => c.id)).toEqual(expect.arrayContaining([platformCompanyId, company.id]));
      expect(response.body.find((c) => c.id === company.id)).toEqual(company);
    });

    it('pages and searches companies (name or e-mail) as { companies, count, hasMore }', async () => {
      const tag = `pager${Date.now()}`;
      for (let i = 0; i < 3; i++) await createCompany({ name: `${tag} ${i}` });
      await createCompany({ email: `${tag}@mail.test` });
      const page = await root.get<CompanyPage>(`/companies?searchParam=${tag}&pageNumber=1`);
      expect(page).toMatchObject({ status: 200, body: { count: 4, hasMore: false } });
      expect(page.body.companies).toHaveLength(4);
      expect(page.body.companies[0]!.plan.id).toBe(plan.id);
      expect((await root.get<CompanyPage>(`/companies?searchParam=${tag}&pageNumber=2`)).body).toEqual({
        companies: [],
        count: 4,
        hasMore: false,
      });
      expect(await root.get('/companies?pageNumber=0')).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: [{ field: 'pageNumber' }] },
      });
    });

    it('shows one company, 404 ERR_NO_COMPANY_FOUND when there is none', async () => {
      const company = await createCompany();
      expect(await root.get(`/companies/${company.id}`)).toMatchObject({ status: 200, body: company });
      expect(await root.get('/companies/999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    });
  });

  describe('update', () => {
    it('updates fields, settings and plan', async () => {
      const company = await createCompany();
      const other = await createPlan(root);
      const response = await root.put<CompanyView>(`/companies/${company.id}`, {
        name: `${company.name} Renamed`,
        phone: '(81) 3333-4444',
        planId: other.id,
        dueDate: '2098-01-31',
        recurrence: 'TRIMESTRAL',
        campaignsEnabled: false,
        addressZipCode: '50000-000',
      });
      expect(response).toMatchObject({
        status: 200,
        body: {
          id: company.id,
          name: `${company.name} Renamed`,
          phone: '8133334444',
          planId: other.id,
          plan: other,
          dueDate: '2098-01-31',
          recurrence: 'TRIMESTRAL',
          addressZipCode: '50000-000',
        },
      });
      expect(response.body.settings).toContainEqual({ key: 'campaignsEnabled', value: 'false' });
      expect((await root.put<CompanyView>(`/companies/${company.id}`, { dueDate: null })).body.dueDate).toBeNull();
    });

    it('refuses an unknown plan, a taken name, bad input and an unknown company', async () => {
      const company = await createCompany();
      const taken = await createCompany();
      expect(await root.put(`/companies/${company.id}`, { planId: 999_999 })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_PLAN_FOUND' },
      });
      expect(await root.put(`/companies/${company.id}`, { name: taken.name.toUpperCase() })).toMatchObject({
        status: 409,
        body: { error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' },
      });
      expect(await root.put(`/companies/${company.id}`, { name: company.name })).toMatchObject({ status: 200 });
      expect(await root.put(`/companies/${company.id}`, { status: 'yes', dueDate: '31/01/2099' })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect(await root.put('/companies/999999', { name: 'Ghost' })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_COMPANY_FOUND' },
      });
    });

    it('gives the logged-in users the new plan’s flags at once', async () => {
      const { session, client } = await signedUpAdmin(stack, plan.id);
      const noKanban = await createPlan(root, { useKanban: false });
      expect((await actorStateOf(stack, session.user.id))?.planFlags.useKanban).toBe(true);
      expect((await root.put(`/companies/${session.user.companyId}`, { planId: noKanban.id })).status).toBe(200);
      expect((await actorStateOf(stack, session.user.id))?.planFlags.useKanban).toBe(false);
      const flags = await client.get<CompanyPlanView>(`/companies/listPlan/${session.user.companyId}`);
      expect(flags.body.plan).toEqual(noKanban);
    });

    it('ends the sessions of a company set inactive or past due', async () => {
      const inactive = await signedUpAdmin(stack, plan.id);
      expect((await root.put(`/companies/${inactive.company.id}`, { status: false })).status).toBe(200);
      expect(await inactive.client.get('/auth/me')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
      expect(await stack.client().post('/auth/login', { email: inactive.session.user.email, password: 'secret123' })).toMatchObject({
        status: 403,
        body: { error: 'ERR_COMPANY_INACTIVE' },
      });

      const overdue = await signedUpAdmin(stack, plan.id);
      expect((await root.put(`/companies/${overdue.company.id}`, { dueDate: '2020-01-01' })).status).toBe(200);
      expect((await overdue.client.get('/auth/me')).status).toBe(401);
    });
  });

  describe('delete', () => {
    it('deletes a company with its users and settings, and ends their sessions at once', async () => {
      const { client, session, company } = await signedUpAdmin(stack, plan.id);
      const agent: CreateUserDto = aUser();
      expect((await client.post('/users', agent)).status).toBe(201);
      const agentSession = await loggedIn(stack, agent.email, agent.password);
      expect(await root.delete(`/companies/${company.id}`)).toMatchObject({ status: 200 });
      expect((await client.get('/auth/me')).status).toBe(401);
      expect((await agentSession.client.get('/auth/me')).status).toBe(401);
      expect(await actorStateOf(stack, session.user.id)).toBeNull();
      expect(await usersOf(company.id)).toEqual([]);
      const { rows } = await owner.query('select count(*)::int as n from identity.settings where company_id = $1', [company.id]);
      expect(rows[0]).toEqual({ n: 0 });
      expect(await root.get(`/companies/${company.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
      expect(await root.delete(`/companies/${company.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    });

    it('keeps the platform company: 400 ERR_CANNOT_DELETE_PLATFORM_COMPANY', async () => {
      expect(await root.delete(`/companies/${platformCompanyId}`)).toMatchObject({
        status: 400,
        body: { error: 'ERR_CANNOT_DELETE_PLATFORM_COMPANY' },
      });
      expect((await root.get('/auth/me')).status).toBe(200);
    });
  });

  describe('schedules', () => {
    it('lets a super user set any company’s hours', async () => {
      const company = await createCompany();
      const response = await root.put<CompanyView>(`/companies/${company.id}/schedules`, { id: company.id, schedules: WEEK });
      expect(response).toMatchObject({ status: 200, body: { id: company.id, schedules: WEEK } });
      expect((await root.get<CompanyView>(`/companies/${company.id}`)).body.schedules).toEqual(WEEK);
    });

    it('lets an admin set their own company’s hours, not another’s; agents may not', async () => {
      const { client, company } = await signedUpAdmin(stack, plan.id);
      const other = await createCompany();
      expect(await client.put(`/companies/${company.id}/schedules`, { id: company.id, schedules: WEEK })).toMatchObject({
        status: 200,
        body: { schedules: WEEK },
      });
      expect(await client.put(`/companies/${other.id}/schedules`, { id: other.id, schedules: WEEK })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect((await root.get<CompanyView>(`/companies/${other.id}`)).body.schedules).toEqual([]);
      // the admin reads back their own company (and its saved hours), never another one
      expect(await client.get(`/companies/${company.id}`)).toMatchObject({ status: 200, body: { id: company.id, schedules: WEEK } });
      expect(await client.get(`/companies/${other.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });

      const agent = aUser();
      expect((await client.post('/users', agent)).status).toBe(201);
      const agentClient = (await loggedIn(stack, agent.email, agent.password)).client;
      expect(await agentClient.get(`/companies/${company.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await agentClient.put(`/companies/${company.id}/schedules`, { id: company.id, schedules: WEEK })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    });

    it('refuses malformed hours with ERR_VALIDATION and 404 for an unknown company', async () => {
      const company = await createCompany();
      const bad = await root.put(`/companies/${company.id}/schedules`, {
        schedules: [{ weekday: 'Segunda', weekdayEn: 'moonday', startTime: '25:00', endTime: '18:00' }],
      });
      expect(bad.status).toBe(400);
      expect((bad.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual([
        'schedules.0.startTime',
        'schedules.0.weekdayEn',
      ]);
      const backwards = await root.put(`/companies/${company.id}/schedules`, {
        schedules: [
          { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '18:00', endTime: '08:00' },
          { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '8:30' },
        ],
      });
      expect(backwards.status).toBe(400);
      expect((backwards.body as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
        'schedules.0.endTime',
        'schedules.1.endTime',
      ]);
      const twice = await root.put(`/companies/${company.id}/schedules`, { schedules: [WEEK[0], WEEK[0]] });
      expect(twice).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'schedules' }] } });
      expect((await root.get<CompanyView>(`/companies/${company.id}`)).body.schedules).toEqual([]);
      expect(await root.put('/companies/999999/schedules', { schedules: WEEK })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_COMPANY_FOUND' },
      });
    });
  });

  describe('plan of a company (GET /companies/listPlan/:companyId)', () => {
    it('answers { id, name, dueDate, plan } to the company’s users and super users', async () => {
      const { client, company } = await signedUpAdmin(stack, plan.id);
      const expected = { id: company.id, name: company.name, dueDate: company.dueDate, plan };
      expect(await client.get(`/companies/listPlan/${company.id}`)).toMatchObject({ status: 200, body: expected });
      expect((await root.get(`/companies/listPlan/${company.id}`)).body).toEqual(expected);
      expect(await root.get('/companies/listPlan/999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
      expect(await client.get(`/companies/listPlan/${platformCompanyId}`)).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    });

    it('answers other services over NATS without an actor', async () => {
      const company = await createCompany();
      const rpc = stack.apps.gateway!.get(RpcClient);
      const answer = await rpc.request(IdentitySubjects.companiesPlan, { companyId: company.id });
      expect(answer).toEqual({ id: company.id, name: company.name, dueDate: company.dueDate, plan });
      // a caller that bypasses the contract's types is still refused at the service boundary
      // @ts-expect-error companyId is a number in IdentityContract
      await expect(rpc.request(IdentitySubjects.companiesPlan, { companyId: 'x' })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    });
  });

  describe('wrong role', () => {
    let admin: ApiClient;
    let ownCompanyId: number;

    beforeAll(async () => {
      const signedUp = await signedUpAdmin(stack, plan.id);
      admin = signedUp.client;
      ownCompanyId = signedUp.company.id;
    });

    it.each([
      ['GET', '/companies/list'],
      ['GET', '/companies'],
      ['POST', '/companies'],
      ['PUT', '/companies/OWN'],
      ['DELETE', '/companies/OWN'],
    ])('an admin of a normal company gets 403 ERR_NO_PERMISSION on %s %s, even for their own company', async (method, path) => {
      const body = method === 'POST' || method === 'PUT' ? aCompany(plan.id) : undefined;
      const response = await admin.request(method, path.replace('OWN', String(ownCompanyId)), body);
      expect(response).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    });

    it('answers 401 without a login', async () => {
      expect(await stack.client().get('/companies/list')).toMatchObject({ status: 401 });
      expect(await stack.client().get(`/companies/listPlan/${ownCompanyId}`)).toMatchObject({ status: 401 });
    });

    it('the identity service refuses a non-super actor sent straight over NATS', async () => {
      const actor = (await actorStateOf(stack, (await admin.get<{ id: number }>('/auth/me')).body.id))!;
      const rpc = stack.apps.gateway!.get(RpcClient);
      await expect(rpc.request(IdentitySubjects.companiesList, {}, { actor })).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
      await expect(rpc.request(IdentitySubjects.companiesDelete, { id: ownCompanyId }, { actor })).rejects.toMatchObject({
        code: 'ERR_NO_PERMISSION',
      });
      expect((await root.get(`/companies/${ownCompanyId}`)).status).toBe(200);
    });
  });
});
