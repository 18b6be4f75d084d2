import pg from 'pg';
import type { AuthResult, SessionUserView } from '@atrium/contracts';
import { IdentityConfig, PasswordHasher } from '@atrium/app-identity';
import { addDays, dateIn } from '@atrium/kernel';
import { startStack, type Stack } from './stack.js';

const ADMIN = { email: 'admin@admin.com', password: '123456' };

/** `days` after today on the platform's calendar (not the database's, which is UTC: they differ around midnight). */
function platformDay(days: number): string {
  return addDays(dateIn(new IdentityConfig().TIME_ZONE), days);
}

describe('auth: login, refresh, logout, me', () => {
  let stack: Stack;
  let owner: pg.Client;

  beforeAll(async () => {
    stack = await startStack({ env: { LOGIN_FREE_FAILURES_PER_ACCOUNT_IP: '3', LOGIN_BACKOFF_BASE_MS: '600000' } });
    owner = new pg.Client({ connectionString: stack.database.ownerUrl });
    await owner.connect();
  });
  afterAll(async () => {
    await owner.end();
    await stack.stop();
  });

  it('logs the seeded super user in with a token, the user, the company and the plan flags', async () => {
    const client = stack.client();
    const response = await client.post<AuthResult>('/auth/login', ADMIN);
    expect(response.status).toBe(200);
    expect(response.body.token.split('.')).toHaveLength(3);
    expect(response.body.user).toMatchObject({
      email: 'admin@admin.com',
      profile: 'admin',
      super: true,
      queues: [],
      whatsappId: null,
      company: { name: 'Atrium', dueDate: '2099-12-31', plan: { useKanban: true } },
    });
    expect(response.body.user.company.settings).toEqual(expect.arrayContaining([{ key: 'userRating', value: 'disabled' }]));
    expect(response.body.user).not.toHaveProperty('passwordHash');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('jrt='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/auth/);
  });

  it('answers 401 ERR_INVALID_CREDENTIALS for a wrong password or an unknown e-mail', async () => {
    const wrong = await stack.client().post('/auth/login', { email: ADMIN.email, password: 'nope' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    const unknown = await stack.client().post('/auth/login', { email: 'nobody@example.com', password: 'whatever' });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it('refuses malformed credentials with ERR_VALIDATION and the fields', async () => {
    const response = await stack.client().post('/auth/login', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((response.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['email', 'password']);
  });

  it('returns the current user on GET /auth/me and 401 without a token, 403 with a bad one', async () => {
    const client = stack.client();
    await client.login(ADMIN.email, ADMIN.password);
    const me = await client.get<SessionUserView>('/auth/me');
    expect(me).toMatchObject({ status: 200, body: { email: ADMIN.email, company: { name: 'Atrium' } } });
    expect((await stack.client().get('/auth/me')).status).toBe(401);
    const forged = stack.client();
    forged.token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.invalid';
    expect(await forged.get('/auth/me')).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it('rotates the refresh cookie and refuses the old one once the grace is over (token theft ends the session)', async () => {
    const client = stack.client();
    await client.login(ADMIN.email, ADMIN.password);
    const first = client.cookie('jrt')!;
    const refreshed = await client.post<AuthResult>('/auth/refresh_token');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.email).toBe(ADMIN.email);
    const second = client.cookie('jrt')!;
    expect(second).not.toBe(first);
    client.token = refreshed.body.token;
    expect((await client.get('/auth/me')).status).toBe(200);

    // replay the first cookie after the grace window: the session is ended
    const sessionId = first.split('.')[0];
    await owner.query(`update identity.refresh_sessions set rotated_at = now() - interval '5 minutes' where id = $1`, [sessionId]);
    const thief = stack.client();
    const replay = await thief.request('POST', '/auth/refresh_token', undefined, { cookie: `jrt=${first}` });
    expect(replay).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await client.get('/auth/me')).status).toBe(401);
    expect((await client.post('/auth/refresh_token')).status).toBe(401);
  });

  it('honours the previous cookie within the grace (two tabs refreshing at once)', async () => {
    const client = stack.client();
    await client.login(ADMIN.email, ADMIN.password);
    const first = client.cookie('jrt')!;
    expect((await client.post('/auth/refresh_token')).status).toBe(200);
    const otherTab = stack.client();
    const late = await otherTab.request<AuthResult>('POST', '/auth/refresh_token', undefined, { cookie: `jrt=${first}` });
    expect(late.status).toBe(200);
  });

  it('answers 401 on refresh without a cookie', async () => {
    expect(await stack.client().post('/auth/refresh_token')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it('logs out: the cookie is cleared and neither the token nor the cookie works any more', async () => {
    const client = stack.client();
    await client.login(ADMIN.email, ADMIN.password);
    const cookie = client.cookie('jrt')!;
    const out = await client.delete('/auth/logout');
    expect(out.status).toBe(200);
    expect(client.cookie('jrt')).toBeUndefined();
    expect((await client.get('/auth/me')).status).toBe(401);
    const reuse = await stack.client().request('POST', '/auth/refresh_token', undefined, { cookie: `jrt=${cookie}` });
    expect(reuse.status).toBe(401);
  });

  it('keeps one active login per user: a second login ends the first', async () => {
    const first = stack.client();
    await first.login(ADMIN.email, ADMIN.password);
    const second = stack.client();
    await second.login(ADMIN.email, ADMIN.password);
    expect(await first.get('/auth/me')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect((await first.post('/auth/refresh_token')).status).toBe(401);
    expect((await second.get('/auth/me')).status).toBe(200);
  });

  describe('a company whose subscription is over', () => {
    const user = { email: 'late@payer.test', password: 'secret123' };

    beforeAll(async () => {
      const { rows } = await owner.query<{ id: number }>(
        `insert into identity.companies (name, plan_id, due_date) select 'Late Payer', id, $1::date from identity.plans limit 1 returning id`,
        [platformDay(-1)],
      );
      await owner.query(
        `insert into identity.users (company_id, name, email, password_hash, profile) values ($1, 'Late', $2, $3, 'admin')`,
        [rows[0]!.id, user.email, await new PasswordHasher().hash(user.password)],
      );
    });

    it('cannot log in: 402 ERR_SUBSCRIPTION_EXPIRED with the due date for the message', async () => {
      const response = await stack.client().post('/auth/login', user);
      expect(response.status).toBe(402);
      expect(response.body).toMatchObject({
        error: 'ERR_SUBSCRIPTION_EXPIRED',
        data: { dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      });
    });

    it('can log in on its due date itself', async () => {
      await owner.query(`update identity.companies set due_date = $1::date where name = 'Late Payer'`, [platformDay(0)]);
      expect((await stack.client().post('/auth/login', user)).status).toBe(200);
    });
  });

  it('slows failed attempts per account and IP: after the free ones even the right password waits there, not elsewhere', async () => {
    const email = 'admin@admin.com';
    const limited = stack.client();
    for (let i = 0; i < 3; i++) expect((await limited.post('/auth/login', { email, password: `bad-${i}` })).status).toBe(401);
    expect(await limited.post('/auth/login', ADMIN)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    expect((await stack.client().request('POST', '/auth/login', ADMIN, { 'x-forwarded-for': '198.51.100.30' })).status).toBe(200);
  });
});
