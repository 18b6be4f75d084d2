import type { AuditLogView, AuthResult, SessionUserView, UserView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import type { ApiClient } from '../api-client.js';
import { eventually } from '../nats-fixtures.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { Authenticator, currentStep } from './authenticator.js';

type Challenge = { twoFactorRequired?: true; twoFactorSetupRequired?: true; challenge: string };
type Setup = { secret: string; otpauthUrl: string };
type AuditPage = { auditLogs: AuditLogView[]; count: number; hasMore: boolean };

/** Two-factor login (issue 28) through the gateway, with real TOTP codes computed here. */
describe('two-factor login', () => {
  let stack: Stack;
  let alpha: Tenant;
  let beta: Tenant;

  beforeAll(async () => {
    // a wait far longer than the test once an account+IP used its five free attempts
    stack = await startStack({ env: { LOGIN_BACKOFF_BASE_MS: '600000', LOGIN_FREE_FAILURES_PER_IP: '1000' } });
    [alpha, beta] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
  });
  afterAll(() => stack.stop());

  /** A new agent of the tenant, and an anonymous client to log them in. */
  async function anAgent(tenant: Tenant, profile: 'user' | 'admin' = 'user') {
    const body = aUser({ profile });
    const created = await tenant.admin.post<UserView>('/users', body);
    expect(created.status).toBe(201);
    return { id: created.body.id, email: body.email, password: body.password, client: stack.client() };
  }

  /** Sets up and enables 2FA for a logged-in client; answers its authenticator and recovery codes. */
  async function enableFor(client: ApiClient) {
    const setup = await client.post<Setup>('/auth/2fa/setup', {});
    expect(setup.status).toBe(200);
    const app = new Authenticator(setup.body.secret);
    const enabled = await client.post<{ recoveryCodes: string[] }>('/auth/2fa/enable', { code: await app.next() });
    expect(enabled.status).toBe(200);
    return { app, recoveryCodes: enabled.body.recoveryCodes, setup: setup.body };
  }

  async function passwordStep(client: ApiClient, email: string, password: string) {
    return client.post<Challenge & Partial<AuthResult>>('/auth/login', { email, password });
  }

  /** The audit log's entry of a two-factor change (2fa.enabled / disabled / reset), as a super user reads it. */
  async function expectTwoFactorChange(
    companyId: number,
    expected: { userId: number; change: 'enabled' | 'disabled' | 'reset'; byUserId: number },
  ): Promise<void> {
    const platform = await superAdmin(stack);
    let entries: AuditLogView[] = [];
    await eventually(async () => {
      const page = await platform.get<AuditPage>(`/audit-logs?companyId=${companyId}&action=2fa.${expected.change}`);
      entries = page.body.auditLogs.filter((entry) => entry.entityId === String(expected.userId));
      return entries.length > 0;
    }).catch(() => undefined);
    expect(entries.map(({ entityType, userId }) => ({ entityType, userId }))).toEqual([{ entityType: 'user', userId: expected.byUserId }]);
  }

  it('sets up, enables, logs in with a code or a single-use recovery code, refuses a replayed code, and disables', async () => {
    const agent = await anAgent(alpha);
    await agent.client.login(agent.email, agent.password);
    const { app, recoveryCodes, setup } = await enableFor(agent.client);
    expect(setup.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/Atrium:${encodeURIComponent(agent.email)}\\?`));
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await agent.client.get<SessionUserView>('/auth/me')).body.twoFactorEnabled).toBe(true);
    expect(await agent.client.post('/auth/2fa/setup', {})).toMatchObject({
      status: 409,
      body: { error: 'ERR_TWO_FACTOR_ALREADY_ENABLED' },
    });

    // the password alone gives no token and no refresh cookie
    const anonymous = stack.client();
    const first = await passwordStep(anonymous, agent.email, agent.password);
    expect(first).toMatchObject({ status: 200, body: { twoFactorRequired: true, challenge: expect.any(String) } });
    expect(first.body).not.toHaveProperty('token');
    expect(anonymous.cookie('jrt')).toBeUndefined();
    const code = await app.next();
    const loggedIn = await anonymous.post<AuthResult>('/auth/login/2fa', { challenge: first.body.challenge, code });
    expect(loggedIn).toMatchObject({ status: 200, body: { token: expect.any(String), user: { id: agent.id, twoFactorEnabled: true } } });
    expect(anonymous.cookie('jrt')).toBeDefined();
    anonymous.token = loggedIn.body.token;
    expect((await anonymous.get<SessionUserView>('/auth/me')).body.id).toBe(agent.id);
    // the challenge worked once
    expect(
      await anonymous.post('/auth/login/2fa', { challenge: first.body.challenge, code: await app.codeAt(currentStep() + 1) }),
    ).toMatchObject({
      status: 401,
      body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' },
    });

    // the same code, even with a new challenge, works once
    const second = await passwordStep(stack.client(), agent.email, agent.password);
    expect(await stack.client().post('/auth/login/2fa', { challenge: second.body.challenge, code })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' },
    });
    // a recovery code, typed in upper case, logs in once
    const recovered = await stack.client().post<AuthResult>('/auth/login/2fa', {
      challenge: second.body.challenge,
      code: recoveryCodes[0]!.toUpperCase(),
    });
    expect(recovered).toMatchObject({ status: 200, body: { user: { id: agent.id } } });
    const third = await passwordStep(stack.client(), agent.email, agent.password);
    expect(await stack.client().post('/auth/login/2fa', { challenge: third.body.challenge, code: recoveryCodes[0] })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' },
    });
    await expectTwoFactorChange(alpha.companyId, { userId: agent.id, change: 'enabled', byUserId: agent.id });

    // disabled with a code (here a recovery code): the password alone logs in again
    const owner = stack.client();
    owner.token = recovered.body.token;
    expect(await owner.post('/auth/2fa/disable', { code: 'wrong-code' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' },
    });
    expect(await owner.post('/auth/2fa/disable', { code: recoveryCodes[1] })).toMatchObject({ status: 200 });
    await expectTwoFactorChange(alpha.companyId, { userId: agent.id, change: 'disabled', byUserId: agent.id });
    const plain = stack.client();
    const passwordOnly = await passwordStep(plain, agent.email, agent.password);
    expect(passwordOnly).toMatchObject({ status: 200, body: { token: expect.any(String), user: { twoFactorEnabled: false } } });
    plain.token = passwordOnly.body.token;
    expect(await plain.post('/auth/2fa/disable', { code: recoveryCodes[2] })).toMatchObject({
      status: 400,
      body: { error: 'ERR_TWO_FACTOR_NOT_SET_UP' },
    });
  });

  it('refuses an enable code of another secret, and a login code for a challenge that is not a login one', async () => {
    const agent = await anAgent(alpha);
    await agent.client.login(agent.email, agent.password);
    expect(await agent.client.post('/auth/2fa/enable', { code: '123456' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_TWO_FACTOR_NOT_SET_UP' },
    });
    await agent.client.post<Setup>('/auth/2fa/setup', {});
    const stranger = new Authenticator('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(await agent.client.post('/auth/2fa/enable', { code: await stranger.next() })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' },
    });
    expect((await agent.client.get<SessionUserView>('/auth/me')).body.twoFactorEnabled).toBe(false);
    expect(await stack.client().post('/auth/login/2fa', { challenge: 'x'.repeat(43), code: '123456' })).toMatchObject({
      status: 401,
      body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' },
    });
    expect(await stack.client().post('/auth/login/2fa', { challenge: '', code: '' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
  });

  it('slows wrong codes like wrong passwords: after the free attempts even the right code waits', async () => {
    const agent = await anAgent(alpha);
    await agent.client.login(agent.email, agent.password);
    const { app } = await enableFor(agent.client);
    const guesser = stack.client();
    const { body } = await passwordStep(guesser, agent.email, agent.password); // attempt 1 of 5 free
    const right = await app.next();
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 2; attempt <= 5; attempt++)
      expect(await guesser.post('/auth/login/2fa', { challenge: body.challenge, code: wrong })).toMatchObject({
        status: 400,
        body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' },
      });
    expect(await guesser.post('/auth/login/2fa', { challenge: body.challenge, code: right })).toMatchObject({
      status: 429,
      body: { error: 'ERR_TOO_MANY_ATTEMPTS', data: { retryAfterMs: expect.any(Number) } },
    });
    // a new password step does not reset the count either
    expect(await passwordStep(stack.client(), agent.email, agent.password)).toMatchObject({ status: 429 });
  });

  it('asks the admins of a company that requires 2FA to set it up at their next login, before any token', async () => {
    const tenant = await signUpTenant(stack);
    expect(await tenant.admin.put('/settings/twoFactorMandatory', { value: 'sometimes' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_SETTING_VALUE' },
    });
    expect(await tenant.admin.put('/settings/twoFactorMandatory', { value: 'admins' })).toMatchObject({ status: 200 });
    const agent = await anAgent(tenant);

    const admin = stack.client();
    const first = await passwordStep(admin, tenant.email, tenant.password);
    expect(first).toMatchObject({ status: 200, body: { twoFactorSetupRequired: true, challenge: expect.any(String) } });
    expect(first.body).not.toHaveProperty('token');
    expect(admin.cookie('jrt')).toBeUndefined();
    // the setup challenge is no login challenge, and no token means no API
    expect(await admin.post('/auth/login/2fa', { challenge: first.body.challenge, code: '123456' })).toMatchObject({
      status: 401,
      body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' },
    });
    expect((await admin.get('/auth/me')).status).toBe(401);
    expect((await admin.post('/auth/2fa/setup', {})).status).toBe(401);

    const setup = await admin.post<Setup>('/auth/2fa/setup', { challenge: first.body.challenge });
    expect(setup.status).toBe(200);
    const app = new Authenticator(setup.body.secret);
    const enabled = await admin.post<AuthResult & { recoveryCodes: string[] }>('/auth/2fa/enable', {
      challenge: first.body.challenge,
      code: await app.next(),
    });
    expect(enabled).toMatchObject({ status: 200, body: { token: expect.any(String), user: { twoFactorEnabled: true } } });
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(admin.cookie('jrt')).toBeDefined();
    admin.token = enabled.body.token;
    expect((await admin.get<SessionUserView>('/auth/me')).status).toBe(200);
    // the challenge is spent, and the company's rule keeps 2FA on
    expect(await stack.client().post('/auth/2fa/setup', { challenge: first.body.challenge })).toMatchObject({ status: 401 });
    expect(await admin.post('/auth/2fa/disable', { code: enabled.body.recoveryCodes[0] })).toMatchObject({
      status: 403,
      body: { error: 'ERR_TWO_FACTOR_MANDATORY' },
    });
    // the next login asks for the code
    expect(await passwordStep(stack.client(), tenant.email, tenant.password)).toMatchObject({ body: { twoFactorRequired: true } });
    // agents are not admins: their login is unchanged until the company requires it of everyone
    expect(await passwordStep(agent.client, agent.email, agent.password)).toMatchObject({
      status: 200,
      body: { token: expect.any(String) },
    });
    expect(await admin.put('/settings/twoFactorMandatory', { value: 'everyone' })).toMatchObject({ status: 200 });
    expect(await passwordStep(stack.client(), agent.email, agent.password)).toMatchObject({ body: { twoFactorSetupRequired: true } });
  });

  it('lets a super user reset a user’s 2FA, stated for the audit log; no company admin may', async () => {
    const agent = await anAgent(beta);
    await agent.client.login(agent.email, agent.password);
    await enableFor(agent.client);
    const otherAdmin = await anAgent(alpha, 'admin');
    await otherAdmin.client.login(otherAdmin.email, otherAdmin.password);

    for (const stranger of [alpha.admin, otherAdmin.client, beta.admin])
      expect(await stranger.delete(`/users/${agent.id}/2fa`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await passwordStep(stack.client(), agent.email, agent.password)).toMatchObject({ body: { twoFactorRequired: true } });

    const platform = await superAdmin(stack);
    const me = (await platform.get<SessionUserView>('/auth/me')).body;
    expect(await platform.delete('/users/2147483647/2fa')).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await platform.delete(`/users/${agent.id}/2fa`)).toMatchObject({ status: 200 });
    await expectTwoFactorChange(beta.companyId, { userId: agent.id, change: 'reset', byUserId: me.id });
    expect(await passwordStep(stack.client(), agent.email, agent.password)).toMatchObject({
      status: 200,
      body: { token: expect.any(String), user: { twoFactorEnabled: false } },
    });
  });
});

describe('two-factor login challenges', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { TWO_FACTOR_CHALLENGE_TTL_SECONDS: '1' } });
  });
  afterAll(() => stack.stop());

  it('expire after TWO_FACTOR_CHALLENGE_TTL_SECONDS: the right code is then refused', async () => {
    const tenant = await signUpTenant(stack);
    const setup = await tenant.admin.post<Setup>('/auth/2fa/setup', {});
    const app = new Authenticator(setup.body.secret);
    expect((await tenant.admin.post('/auth/2fa/enable', { code: await app.next() })).status).toBe(200);
    const { body } = await stack.client().post<Challenge>('/auth/login', { email: tenant.email, password: tenant.password });
    expect(body.twoFactorRequired).toBe(true);
    const { Redis } = await import('ioredis');
    const redis = new Redis(stack.env.REDIS_URL!);
    try {
      await eventually(async () => (await redis.exists(`${stack.env.REDIS_PREFIX}login:2fa-challenge:${body.challenge}`)) === 0, 10_000);
    } finally {
      await redis.quit();
    }
    expect(await stack.client().post('/auth/login/2fa', { challenge: body.challenge, code: await app.next() })).toMatchObject({
      status: 401,
      body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' },
    });
  });
});

describe('two-factor logins from one office IP', () => {
  let stack: Stack;

  beforeAll(async () => {
    // three failures make an IP wait far longer than the test
    stack = await startStack({ env: { LOGIN_FREE_FAILURES_PER_IP: '3', LOGIN_BACKOFF_BASE_MS: '600000' } });
  });
  afterAll(() => stack.stop());

  it('takes both steps of a completed login off the IP’s counter, so colleagues keep logging in', async () => {
    const tenant = await signUpTenant(stack);
    const setup = await tenant.admin.post<Setup>('/auth/2fa/setup', {});
    const enabled = await tenant.admin.post<{ recoveryCodes: string[] }>('/auth/2fa/enable', {
      code: await new Authenticator(setup.body.secret).next(),
    });
    expect(enabled.status).toBe(200);
    const office = { 'x-forwarded-for': '203.0.113.50' };
    for (const code of enabled.body.recoveryCodes.slice(0, 4)) {
      const client = stack.client();
      const first = await client.request<Challenge>('POST', '/auth/login', { email: tenant.email, password: tenant.password }, office);
      expect(first).toMatchObject({ status: 200, body: { twoFactorRequired: true } });
      const done = await client.request<AuthResult>('POST', '/auth/login/2fa', { challenge: first.body.challenge, code }, office);
      expect(done).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    }
  });
});
