import { createHash, randomBytes } from 'node:crypto';
import { startOidcSandbox, type RunningOidcSandbox } from './sandbox.js';

const REDIRECT = 'http://app.test/callback';

describe('oidc-sandbox: a strict OpenID provider stand-in', () => {
  let sandbox: RunningOidcSandbox;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  beforeAll(async () => {
    sandbox = await startOidcSandbox({
      PORT: 0,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      OIDC_SANDBOX_CLIENT_ID: 'app',
      OIDC_SANDBOX_CLIENT_SECRET: 'app-secret',
      OIDC_SANDBOX_REDIRECT_URIS: REDIRECT,
      OIDC_SANDBOX_USERS: 'ana@sso.test:Ana',
    });
  });
  afterAll(() => sandbox.close());

  const authorizeUrl = (overrides: Record<string, string> = {}) =>
    `${sandbox.issuer}/authorize?${new URLSearchParams({
      client_id: 'app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email',
      state: 's1',
      nonce: 'n1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    }).toString()}`;

  async function code(): Promise<string> {
    const response = await fetch(authorizeUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ana%40sso.test',
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('s1');
    return location.searchParams.get('code')!;
  }

  const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT, ...form }).toString(),
    });
  const basic = { authorization: `Basic ${Buffer.from('app:app-secret').toString('base64')}` };

  it('publishes its discovery document and an RS256 key', async () => {
    const discovery = (await (await fetch(`${sandbox.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: sandbox.issuer,
      token_endpoint: `${sandbox.issuer}/token`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(`${sandbox.issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('refuses an unregistered redirect URI on its own page, and a request without PKCE back to the client', async () => {
    expect((await fetch(authorizeUrl({ redirect_uri: 'http://evil.test/cb' }))).status).toBe(400);
    const noPkce = await fetch(authorizeUrl({ code_challenge_method: 'plain' }), { redirect: 'manual' });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('exchanges a code once, with the right verifier and client authentication (basic or post)', async () => {
    expect((await token({ code: await code(), code_verifier: verifier }, { authorization: 'Basic YXBwOndyb25n' })).status).toBe(401);
    const wrongVerifier = await token({ code: await code(), code_verifier: randomBytes(32).toString('base64url') }, basic);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const issued = await code();
    const first = await token({ code: issued, code_verifier: verifier, client_id: 'app', client_secret: 'app-secret' });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { id_token: string; access_token: string };
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: sandbox.issuer, aud: 'app', nonce: 'n1', email: 'ana@sso.test', email_verified: true });
    const userinfo = await fetch(`${sandbox.issuer}/userinfo`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ email: 'ana@sso.test', name: 'Ana' });

    const reused = await token({ code: issued, code_verifier: verifier }, basic);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code already used' });
  });
});
