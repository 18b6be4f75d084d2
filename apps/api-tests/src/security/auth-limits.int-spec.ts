import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig, type ServiceConfig } from '@atrium/config';
import { GatewayConfig } from '@atrium/app-gateway';
import { IdentityConfig } from '@atrium/app-identity';
import { SmtpCatcher, aUser } from '@atrium/testing';
import type { ApiResponse } from '../api-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const FREE_PER_ACCOUNT_IP = 3;
const FREE_PER_IP = 8;
const BASE_MS = 1000;

type Refusal = { error: string; data: { retryAfterMs: number } };

/**
 * Issue 9 item 7: the reset code's attempt limit holds under concurrency; failed logins slow the
 * guesser (per account and IP, per IP, growing waits) without locking the account's owner out;
 * `POST /forgetpassword/{email}` does not tell which e-mails exist; production refuses the
 * development JWT secret.
 */
describe('security: authentication limits', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    stack = await startStack({
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        LOGIN_FREE_FAILURES_PER_ACCOUNT_IP: String(FREE_PER_ACCOUNT_IP),
        LOGIN_FREE_FAILURES_PER_IP: String(FREE_PER_IP),
        LOGIN_BACKOFF_BASE_MS: String(BASE_MS),
      },
    });
    tenant = await signUpTenant(stack);
  });
  afterAll(async () => {
    await stack?.stop();
    await smtp?.stop();
  });

  async function newUser(): Promise<{ email: string; password: string }> {
    const user = aUser();
    expect((await tenant.admin.post('/users', user)).status).toBe(201);
    return { email: user.email, password: user.password };
  }

  const login = (credentials: { email: string; password: string }, ip: string) =>
    stack.client().request('POST', '/auth/login', credentials, { 'x-forwarded-for': ip });

  /** The wait a 429 asks for, failing on any other answer. */
  function waitAsked(response: ApiResponse): number {
    expect(response).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    return (response.body as Refusal).data.retryAfterMs;
  }

  describe('password-reset code', () => {
    it('counts 40 parallel wrong codes atomically: no more than the limit, then the right code is refused', async () => {
      const user = await newUser();
      expect((await stack.client().post(`/forgetpassword/${user.email}`)).status).toBe(200);
      const code = /redefinir a senha é: (\d{6})/.exec((await smtp.waitFor(user.email)).text)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => stack.client().post(`/resetpasswords/${user.email}/${wrong}/Str0ngEnough`)),
      );
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([400]));
      const [row] = await ownerQuery<{ attempts: number }>(
        stack,
        'select attempts from identity.password_resets r join identity.users u on u.id = r.user_id where u.email = $1',
        [user.email],
      );
      expect(row!.attempts).toBe(5);
      expect(await stack.client().post(`/resetpasswords/${user.email}/${code}/Str0ngEnough`)).toMatchObject({
        status: 400,
        body: { error: 'ERR_INVALID_RESET_TOKEN' },
      });
      expect((await login(user, '203.0.113.90')).status).toBe(200);
    });

    it('answers an unknown e-mail exactly as a known one, and mails nothing to it', async () => {
      const user = await newUser();
      const known = await stack.client().post(`/forgetpassword/${user.email}`);
      const unknown = await stack.client().post('/forgetpassword/nobody-here@example.com');
      expect(known).toMatchObject({ status: 200, body: { message: 'Email enviado com sucesso!' } });
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
      await smtp.waitFor(user.email);
      // a mail for a request made after the unknown one has arrived, so one for it would have too
      const later = await newUser();
      await stack.client().post(`/forgetpassword/${later.email}`);
      await smtp.waitFor(later.email);
      expect(smtp.mails.flatMap((mail) => mail.to)).not.toContain('nobody-here@example.com');
    });
  });

  describe('failed logins', () => {
    it('make a guesser on a known account wait longer and longer, while the owner gets in from another IP at once and from the same IP after the wait', async () => {
      const owner = await newUser();
      const guess = { email: owner.email, password: 'Wr0ngGuess' };
      const attacker = '203.0.113.10';
      for (let i = 0; i < FREE_PER_ACCOUNT_IP; i++) expect((await login(guess, attacker)).status).toBe(401);

      // inside the wait the password is not even checked: the right one waits too
      const first = waitAsked(await login(owner, attacker));
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(BASE_MS);
      expect((await login(owner, '198.51.100.10')).status).toBe(200);

      await sleep(first + 50);
      const sent = Date.now();
      expect((await login(guess, attacker)).status).toBe(401);
      const second = waitAsked(await login(guess, attacker));
      // the wait doubled: 2 × BASE_MS after that admitted guess, of which at most the time since it was sent has passed
      expect(second).toBeGreaterThanOrEqual(2 * BASE_MS - (Date.now() - sent));
      expect(second).toBeLessThanOrEqual(2 * BASE_MS);

      await sleep(second + 50);
      expect((await login(owner, attacker)).status).toBe(200);
      // a success forgets the account+IP's failures
      expect((await login(guess, attacker)).status).toBe(401);
    });

    it('check only the free attempts of 40 parallel guesses from one IP on one account', async () => {
      const owner = await newUser();
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => login({ email: owner.email, password: 'Wr0ngGuess' }, '203.0.113.20')),
      );
      const elapsed = Date.now() - started;
      // what a sequential guesser gets in that time: the free attempts, then one after each wait (BASE_MS, 2×, 4×, …)
      const waitsElapsed = Math.floor(Math.log2(elapsed / BASE_MS + 1));
      const checked = answers.filter((a) => a.status === 401).length;
      expect(checked).toBeGreaterThanOrEqual(FREE_PER_ACCOUNT_IP);
      expect(checked).toBeLessThanOrEqual(FREE_PER_ACCOUNT_IP + waitsElapsed);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - checked);
      expect((await login(owner, '198.51.100.20')).status).toBe(200);
    });

    it('make an IP guessing many accounts wait on every account, other IPs not', async () => {
      const owner = await newUser();
      const sprayer = '203.0.113.30';
      for (let i = 0; i < FREE_PER_IP; i++)
        expect((await login({ email: `guess${i}@example.com`, password: 'Wr0ngGuess' }, sprayer)).status).toBe(401);
      expect(waitAsked(await login(owner, sprayer))).toBeGreaterThan(0);
      expect((await login(owner, '198.51.100.30')).status).toBe(200);
    });

    it('never slow an IP for its users’ successful logins (an office behind one address)', async () => {
      const user = await newUser();
      for (let i = 0; i < FREE_PER_IP + 2; i++) expect((await login(user, '198.51.100.40')).status).toBe(200);
    });
  });

  describe('JWT secret in production', () => {
    it('identity and the gateway refuse to start with the development secret or one shorter than 32 bytes', () => {
      const production = {
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'ops@example.com',
        ADMIN_PASSWORD: 'a-long-password',
        IDENTITY_SECRETS_KEY: 'k'.repeat(48),
      };
      for (const configClass of [IdentityConfig, GatewayConfig] as Array<new () => ServiceConfig>) {
        expect(() => loadConfig(configClass, production)).toThrow(ConfigError); // the default: the development secret
        expect(() => loadConfig(configClass, { ...production, JWT_SECRET: 'x'.repeat(31) })).toThrow(
          /JWT_SECRET must be at least 32 bytes/,
        );
        expect(loadConfig(configClass, { ...production, JWT_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
      }
    });
  });
});
