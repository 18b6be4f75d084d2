import { SmtpCatcher, aUser, type CaughtMail } from '@atrium/testing';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, type Tenant } from './tenants.js';

function codeIn(mail: CaughtMail): string {
  const match = /redefinir a senha é: (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no code in mail:\n${mail.text}`);
  return match[1]!;
}

describe('password reset by e-mailed code', () => {
  let stack: Stack;
  let smtp: SmtpCatcher;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    stack = await startStack({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) } });
    tenant = await signUpTenant(stack);
  });
  afterAll(async () => {
    await stack.stop();
    await smtp.stop();
  });

  async function newAgent() {
    const agent = aUser();
    expect((await tenant.admin.post('/users', agent)).status).toBe(201);
    return agent;
  }

  it('answers an unknown e-mail as a known one (security/auth-limits.int-spec.ts checks that no mail leaves)', async () => {
    expect(await stack.client().post('/forgetpassword/nobody@example.com')).toMatchObject({
      status: 200,
      body: { message: 'Email enviado com sucesso!' },
    });
  });

  it('mails a code that resets the password once, and ends the user’s sessions', async () => {
    const agent = await newAgent();
    const session = stack.client();
    await session.login(agent.email, agent.password);

    const sent = await stack.client().post(`/forgetpassword/${agent.email}`);
    expect(sent.status).toBe(200);
    const code = codeIn(await smtp.waitFor(agent.email));

    const reset = await stack.client().post(`/resetpasswords/${agent.email}/${code}/NewPassw0rd`);
    expect(reset).toMatchObject({ status: 200, body: { message: 'Senha redefinida com sucesso.' } });
    expect((await session.get('/auth/me')).status).toBe(401);
    expect((await stack.client().post('/auth/login', { email: agent.email, password: agent.password })).status).toBe(401);
    expect((await stack.client().post('/auth/login', { email: agent.email, password: 'NewPassw0rd' })).status).toBe(200);
    expect(await stack.client().post(`/resetpasswords/${agent.email}/${code}/OtherPassw0rd`)).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_RESET_TOKEN' },
    });
  });

  it('refuses a weak new password (8+ chars with a digit, a lower and an upper case letter)', async () => {
    const agent = await newAgent();
    await stack.client().post(`/forgetpassword/${agent.email}`);
    const code = codeIn(await smtp.waitFor(agent.email));
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      expect(await stack.client().post(`/resetpasswords/${agent.email}/${code}/${weak}`)).toMatchObject({
        status: 400,
        body: { error: 'ERR_WEAK_PASSWORD' },
      });
    }
    expect((await stack.client().post(`/resetpasswords/${agent.email}/${code}/Str0ngEnough`)).status).toBe(200);
  });

  it('locks a code after five wrong guesses', async () => {
    const agent = await newAgent();
    await stack.client().post(`/forgetpassword/${agent.email}`);
    const code = codeIn(await smtp.waitFor(agent.email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await stack.client().post(`/resetpasswords/${agent.email}/${wrong}/Str0ngEnough`)).status).toBe(400);
    expect((await stack.client().post(`/resetpasswords/${agent.email}/${code}/Str0ngEnough`)).status).toBe(400);
  });

  it('validates the e-mail in the path', async () => {
    expect(await stack.client().post('/forgetpassword/not-an-email')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});
