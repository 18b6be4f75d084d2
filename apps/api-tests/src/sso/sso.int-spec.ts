import pg from 'pg';
import { Redis } from 'ioredis';
import type { AuthResult, SsoSettingsView, SsoStartView, UserView } from '@atrium/contracts';
import { loadConfig } from '@atrium/config';
import { IdentityConfig } from '@atrium/app-identity';
import { startOidcSandbox, type RunningOidcSandbox } from '@atrium/app-oidc-sandbox';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, SUPER_ADMIN, type Tenant } from '../tenants.js';
import type { ApiClient } from '../api-client.js';
import { completeAtGateway, signInAtProvider } from './sso-fixtures.js';

const CLIENT = { clientId: 'atrium-test', clientSecret: 'atrium-test-secret' };
const WEB_APP = 'http://web.test';

describe('single sign-on with OpenID Connect (issue 28)', () => {
  let stack: Stack;
  let provider: RunningOidcSandbox;
  let tenant: Tenant;
  let owner: pg.Client;
  let redis: Redis;
  let redisPrefix: string;
  const domain = `sso-${Date.now()}.test`;

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    issuer: provider.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    domains: [domain],
    requireSso: false,
    ...overrides,
  });

  /** Starts a login for the e-mail at the gateway: the provider's authorization URL. */
  async function start(client: ApiClient, email: string): Promise<string> {
    const started = await client.post<SsoStartView>('/auth/sso/start', { email });
    expect(started.status).toBe(200);
    return started.body.url;
  }

  /** A whole login as the browser makes it: start, the provider's page, the callback, then the web app's refresh call. */
  async function ssoLogin(email: string, providerUser = email): Promise<{ outcome: URL; session?: AuthResult }> {
    const browser = stack.client();
    const callback = await signInAtProvider(await start(browser, email), providerUser);
    const { status, location } = await completeAtGateway(browser, callback);
    expect(status).toBe(302);
    if (location.searchParams.get('sso') !== 'ok') return { outcome: location };
    expect(browser.cookie('jrt')).toBeDefined();
    const refreshed = await browser.post<AuthResult>('/auth/refresh_token');
    expect(refreshed.status).toBe(200);
    return { outcome: location, session: refreshed.body };
  }

  beforeAll(async () => {
    provider = await startOidcSandbox({ PORT: 0, HOST: '127.0.0.1', OIDC_SANDBOX_USERS: '', LOG_LEVEL: 'silent', ...toClientEnv() });
    stack = await startStack({ env: { SSO_ALLOW_HTTP_ISSUERS: 'true', WEB_APP_URL: WEB_APP } });
    tenant = await signUpTenant(stack);
    owner = new pg.Client({ connectionString: stack.database.ownerUrl });
    await owner.connect();
    const config = loadConfig(IdentityConfig, stack.env);
    redis = new Redis(config.REDIS_URL);
    redisPrefix = config.REDIS_PREFIX;
    for (const name of ['ana', 'bruno', 'carla', 'dora'])
      provider.provider.addUser(`${name}@${domain}`, `${name[0]!.toUpperCase()}${name.slice(1)} Test`);
    provider.provider.addUser('eve@elsewhere.test', 'Eve Outside');
    provider.provider.addUser(`unverified@${domain}`, 'Not Verified', false);
  });
  afterAll(async () => {
    await redis?.quit();
    await owner?.end();
    await stack?.stop();
    await provider?.close();
  });

  function toClientEnv() {
    return { OIDC_SANDBOX_CLIENT_ID: CLIENT.clientId, OIDC_SANDBOX_CLIENT_SECRET: CLIENT.clientSecret };
  }

  it('lets an admin name the provider: the secret is required once, sealed at rest and never shown; a wrong issuer is refused', async () => {
    expect(await tenant.admin.get<SsoSettingsView>('/sso-settings')).toMatchObject({ status: 200, body: { configured: false } });
    const noSecret = await tenant.admin.put('/sso-settings', settingsBody({ clientSecret: undefined }));
    expect(noSecret).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'clientSecret' }] } });
    const badDomain = await tenant.admin.put('/sso-settings', settingsBody({ domains: ['not a domain'] }));
    expect(badDomain).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const wrongIssuer = await tenant.admin.put('/sso-settings', settingsBody({ issuer: `${provider.issuer}/nowhere` }));
    expect(wrongIssuer).toMatchObject({ status: 400, body: { error: 'ERR_SSO_DISCOVERY_FAILED' } });

    const saved = await tenant.admin.put<SsoSettingsView>(
      '/sso-settings',
      settingsBody({ domains: [domain.toUpperCase()], requireSso: '0' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      configured: true,
      enabled: true,
      issuer: provider.issuer,
      clientId: CLIENT.clientId,
      hasClientSecret: true,
      domains: [domain],
      requireSso: false,
    });
    expect(JSON.stringify(saved.body)).not.toContain(CLIENT.clientSecret);
    const stored = await owner.query<{ client_secret_sealed: string }>(
      'SELECT client_secret_sealed FROM identity.sso_settings WHERE company_id = $1',
      [tenant.companyId],
    );
    expect(stored.rows[0]!.client_secret_sealed).toMatch(/^v1\./);
    expect(stored.rows[0]!.client_secret_sealed).not.toContain(CLIENT.clientSecret);

    // a save without the secret keeps the stored one
    const kept = await tenant.admin.put<SsoSettingsView>('/sso-settings', settingsBody({ clientSecret: '' }));
    expect(kept).toMatchObject({ status: 200, body: { hasClientSecret: true } });
  });

  it('refuses the settings to agents, and a domain another company already logs in', async () => {
    const other = await signUpTenant(stack);
    expect((await other.admin.put('/sso-settings', settingsBody())).body).toMatchObject({ error: 'ERR_SSO_DOMAIN_TAKEN' });
    // the other company sees none of the first one's provider
    expect(await other.admin.get('/sso-settings')).toMatchObject({ status: 200, body: { configured: false, domains: [] } });
    const agentEmail = `agent-${Date.now()}@example.com`;
    await tenant.admin.post('/users', { name: 'Agent', email: agentEmail, password: 'secret123', profile: 'user' });
    const agent = stack.client();
    await agent.login(agentEmail, 'secret123');
    expect(await agent.get('/sso-settings')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('answers 404 ERR_SSO_NOT_CONFIGURED for an e-mail whose domain no company logs in', async () => {
    const response = await stack.client().post('/auth/sso/start', { email: 'someone@nowhere.test' });
    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_SSO_NOT_CONFIGURED' } });
    expect((await stack.client().post('/auth/sso/start', { email: 'not-an-email' })).body).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const url = new URL(await start(stack.client(), `ana@${domain}`));
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${stack.url}/auth/sso/callback`,
      login_hint: `ana@${domain}`,
    });
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const ttl = await redis.ttl(`${redisPrefix}sso:state:${url.searchParams.get('state')}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('logs a new user in through the provider, creating them with the default profile on the first login and finding them after', async () => {
    const first = await ssoLogin(`ana@${domain}`);
    expect(first.outcome.origin).toBe(WEB_APP);
    expect(first.outcome.pathname).toBe('/login');
    expect(first.session!.user).toMatchObject({
      email: `ana@${domain}`,
      name: 'Ana Test',
      profile: 'user',
      super: false,
      companyId: tenant.companyId,
    });
    const users = await tenant.admin.get<UserView[]>('/users/list');
    expect(users.body.filter((user) => user.email === `ana@${domain}`)).toHaveLength(1);

    const again = await ssoLogin(`ANA@${domain}`);
    expect(again.session!.user.id).toBe(first.session!.user.id);
    expect((await tenant.admin.get<UserView[]>('/users/list')).body.filter((user) => user.email === `ana@${domain}`)).toHaveLength(1);
  });

  it('matches an existing user by e-mail and keeps their profile', async () => {
    const created = await tenant.admin.post<UserView>('/users', {
      name: 'Bruno Admin',
      email: `bruno@${domain}`,
      password: 'secret123',
      profile: 'admin',
    });
    expect(created.status).toBeLessThan(300);
    const login = await ssoLogin(`bruno@${domain}`);
    expect(login.session!.user).toMatchObject({ id: created.body.id, profile: 'admin', name: 'Bruno Admin' });
  });

  it('refuses an e-mail the provider vouches for outside the allowed domains, or unverified', async () => {
    const outside = await ssoLogin(`carla@${domain}`, 'eve@elsewhere.test');
    expect(outside.outcome.searchParams.get('ssoError')).toBe('ERR_SSO_DOMAIN_NOT_ALLOWED');
    const unverified = await ssoLogin(`unverified@${domain}`);
    expect(unverified.outcome.searchParams.get('ssoError')).toBe('ERR_SSO_DOMAIN_NOT_ALLOWED');
    const emails = (await tenant.admin.get<UserView[]>('/users/list')).body.map((user) => user.email);
    expect(emails).not.toContain('eve@elsewhere.test');
    expect(emails).not.toContain(`unverified@${domain}`);
  });

  it('refuses a callback whose state was never issued, was used already or has expired', async () => {
    const browser = stack.client();
    const callback = await signInAtProvider(await start(browser, `carla@${domain}`), `carla@${domain}`);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state-we-issued');
    expect((await completeAtGateway(stack.client(), forged)).location.searchParams.get('ssoError')).toBe('ERR_SSO_STATE_INVALID');
    expect((await completeAtGateway(stack.client(), callback)).location.searchParams.get('sso')).toBe('ok');
    const replayed = await completeAtGateway(stack.client(), callback);
    expect(replayed.location.searchParams.get('ssoError')).toBe('ERR_SSO_STATE_INVALID');
    expect(replayed.client.cookie('jrt')).toBeUndefined();

    const late = await signInAtProvider(await start(stack.client(), `carla@${domain}`), `carla@${domain}`);
    // the 10 minutes are over: Redis drops the state as its TTL ends
    await redis.pexpire(`${redisPrefix}sso:state:${late.searchParams.get('state')}`, 1);
    while ((await redis.exists(`${redisPrefix}sso:state:${late.searchParams.get('state')}`)) === 1)
      await new Promise((resolve) => setImmediate(resolve));
    expect((await completeAtGateway(stack.client(), late)).location.searchParams.get('ssoError')).toBe('ERR_SSO_STATE_INVALID');
  });

  it.each([
    ['a wrong nonce', { nonce: 'another-nonce' }],
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'http://evil.test' }],
    ['a signature by a key the provider does not publish', { foreignKey: true }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('refuses an id_token with %s', async (_, tampering) => {
    const browser = stack.client();
    const callback = await signInAtProvider(await start(browser, `dora@${domain}`), `dora@${domain}`);
    provider.provider.tamperNextIdToken(tampering);
    const outcome = await completeAtGateway(browser, callback);
    expect(outcome.location.searchParams.get('ssoError')).toBe('ERR_SSO_LOGIN_FAILED');
    expect(browser.cookie('jrt')).toBeUndefined();
  });

  it('requires SSO when asked: passwords are refused for the company, the SSO login still works, super users keep theirs', async () => {
    const lockout = await tenant.admin.put('/sso-settings', settingsBody({ requireSso: true }));
    expect(lockout).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'requireSso' }] } });
    const required = await tenant.admin.put<SsoSettingsView>(
      '/sso-settings',
      settingsBody({ requireSso: 'true', domains: [domain, 'example.com'] }),
    );
    expect(required).toMatchObject({ status: 200, body: { requireSso: true } });

    const password = await stack.client().post('/auth/login', { email: `bruno@${domain}`, password: 'secret123' });
    expect(password).toMatchObject({ status: 403, body: { error: 'ERR_SSO_REQUIRED' } });
    const wrongPassword = await stack.client().post('/auth/login', { email: `bruno@${domain}`, password: 'wrong' });
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect((await stack.client().post('/auth/login', { email: tenant.email, password: tenant.password })).body).toMatchObject({
      error: 'ERR_SSO_REQUIRED',
    });
    expect((await ssoLogin(`bruno@${domain}`)).session!.user.email).toBe(`bruno@${domain}`);

    // the platform's company requires SSO too: its super user, the break-glass, still logs in with the password
    const platform = await superAdmin(stack);
    const platformSso = await platform.put('/sso-settings', settingsBody({ domains: ['admin.com'], requireSso: true }));
    expect(platformSso).toMatchObject({ status: 200, body: { requireSso: true } });
    expect((await stack.client().post('/auth/login', SUPER_ADMIN)).status).toBe(200);

    // turned off, passwords work again
    await tenant.admin.put('/sso-settings', settingsBody({ enabled: false, requireSso: true, domains: [domain, 'example.com'] }));
    expect((await stack.client().post('/auth/login', { email: `bruno@${domain}`, password: 'secret123' })).status).toBe(200);
    expect(await stack.client().post('/auth/sso/start', { email: `bruno@${domain}` })).toMatchObject({
      status: 404,
      body: { error: 'ERR_SSO_NOT_CONFIGURED' },
    });
  });
});
