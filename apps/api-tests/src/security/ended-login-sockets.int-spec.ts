import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import type { AuthResult } from '@atrium/contracts';
import { GatewayConfig, startGateway } from '@atrium/app-gateway';
import { SmtpCatcher, aUser } from '@atrium/testing';
import { ApiClient } from '../api-client.js';
import { connectSocket, refusalOf, SocketRecorder } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';

/** A socket of a login, with what it received and how it ended. */
interface WatchedSocket {
  recorder: SocketRecorder;
  /** Resolves with the reason when the socket is disconnected (already or within 10 s). */
  ended(): Promise<string>;
}

async function watch(url: string, token: string): Promise<WatchedSocket> {
  const socket = await connectSocket(url, token);
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const ended = (ms = 10_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the socket is still connected after ${ms} ms`)), ms);
      void disconnected.then((reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  return { recorder: new SocketRecorder(socket), ended };
}

/**
 * Issue 9 item 2: when a login ends (log out, password reset, a login elsewhere, a replayed
 * refresh token), every socket of that login, on every gateway replica, is disconnected by the
 * server at once, and no new socket is accepted with the login's access token although the token
 * itself has not expired. The user's other login and other users' sockets stay.
 */
describe('security: sockets of an ended login', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let second: INestApplication;
  let urls: string[];
  let tenant: Tenant;
  let bystander: WatchedSocket;
  const opened: WatchedSocket[] = [];

  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    stack = await startStack({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) } });
    second = await startGateway(loadConfig(GatewayConfig, stack.env));
    urls = [stack.url, (await second.getUrl()).replace('[::1]', '127.0.0.1')];
    tenant = await signUpTenant(stack);
    bystander = await watch(urls[1]!, tenant.admin.token!);
    opened.push(bystander);
  });
  afterAll(async () => {
    opened.forEach(({ recorder }) => recorder.close());
    await second?.close();
    await stack?.stop();
    await smtp?.stop();
  });

  /** A new user of the tenant, logged in, with one socket on each gateway replica. */
  async function agentWithSockets(): Promise<{
    client: ApiClient;
    credentials: { email: string; password: string };
    session: AuthResult;
    sockets: WatchedSocket[];
  }> {
    const credentials = aUser();
    expect((await tenant.admin.post('/users', credentials)).status).toBe(201);
    const client = stack.client();
    const session = await client.login(credentials.email, credentials.password);
    const sockets = await Promise.all(urls.map((url) => watch(url, session.token)));
    opened.push(...sockets);
    return { client, credentials, session, sockets };
  }

  /** Every socket was disconnected by the server, and the login's still-valid token opens no new one on any replica. */
  async function loginEnded(sockets: WatchedSocket[], token: string): Promise<void> {
    for (const { ended } of sockets) expect(await ended()).toBe('io server disconnect');
    for (const url of urls) {
      const refusal = await refusalOf(url, token);
      expect(refusal.message).toBe('ERR_SESSION_EXPIRED');
      expect(refusal.data).toEqual({ error: 'ERR_SESSION_EXPIRED', status: 401 });
    }
  }

  /** The company's events still reach the sockets of logins that did not end. */
  async function othersStillListen(...alive: WatchedSocket[]): Promise<void> {
    expect((await tenant.admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    for (const { recorder } of [bystander, ...alive]) await recorder.next(`company-${tenant.companyId}-settings`);
  }

  it('log out: the login’s sockets on both replicas are disconnected, and its token opens no new one', async () => {
    const agent = await agentWithSockets();
    expect((await agent.client.delete('/auth/logout')).status).toBe(200);
    await loginEnded(agent.sockets, agent.session.token);
    await othersStillListen();
  });

  it('log out with the bearer token and no refresh cookie (issue 24): the token’s login ends, its sockets too; other logins stay', async () => {
    const agent = await agentWithSockets();
    const tokenOnly = stack.client();
    tokenOnly.token = agent.session.token;
    const response = await tokenOnly.delete('/auth/logout');
    expect(response.status).toBe(200);
    await loginEnded(agent.sockets, agent.session.token);
    expect(await tokenOnly.get('/auth/me')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    // the refresh cookie of that login is dead as well
    expect((await agent.client.post('/auth/refresh_token')).status).toBe(401);
    await othersStillListen();
  });

  it('password reset: every socket of the user is disconnected', async () => {
    const agent = await agentWithSockets();
    expect((await stack.client().post(`/forgetpassword/${agent.credentials.email}`)).status).toBe(200);
    const code = /redefinir a senha é: (\d{6})/.exec((await smtp.waitFor(agent.credentials.email)).text)![1]!;
    expect((await stack.client().post(`/resetpasswords/${agent.credentials.email}/${code}/NewPassw0rd`)).status).toBe(200);
    await loginEnded(agent.sockets, agent.session.token);
    await othersStillListen();
  });

  it('a login elsewhere: the first login’s sockets hear why, then are disconnected; the new login’s socket stays', async () => {
    const agent = await agentWithSockets();
    const elsewhere = stack.client();
    const newSession = await elsewhere.login(agent.credentials.email, agent.credentials.password);
    for (const { recorder } of agent.sockets) {
      expect(await recorder.next(`company-${tenant.companyId}-auth`)).toEqual({ action: 'update', user: { id: newSession.user.id } });
    }
    await loginEnded(agent.sockets, agent.session.token);
    const newSocket = await watch(urls[1]!, newSession.token);
    opened.push(newSocket);
    await othersStillListen(newSocket);
  });

  it('a replayed refresh token: the session is revoked and its sockets are disconnected', async () => {
    const agent = await agentWithSockets();
    const stolen = agent.client.cookie('jrt')!;
    // two rotations: the stolen cookie is then neither the current one nor the previous one in its grace
    for (let i = 0; i < 2; i++) expect((await agent.client.post('/auth/refresh_token')).status).toBe(200);
    const replay = await stack.client().request('POST', '/auth/refresh_token', undefined, { cookie: `jrt=${stolen}` });
    expect(replay.status).toBe(401);
    await loginEnded(agent.sockets, agent.session.token);
    expect((await agent.client.post('/auth/refresh_token')).status).toBe(401);
    await othersStillListen();
  });
});
