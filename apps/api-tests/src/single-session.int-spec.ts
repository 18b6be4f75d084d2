import type { Socket } from 'socket.io-client';
import { connectSocket, refusalOf, SocketRecorder } from './socket-client.js';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, type Tenant } from './tenants.js';

describe('one active login per user, signalled live', () => {
  let stack: Stack;
  let tenant: Tenant;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await startStack();
    tenant = await signUpTenant(stack);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await stack.stop();
  });

  it('tells the first browser’s socket, and only it, when the same user logs in elsewhere', async () => {
    const firstBrowser = tenant.admin;
    const firstSocket = await connectSocket(stack.url, firstBrowser.token);
    sockets.push(firstSocket);
    const first = new SocketRecorder(firstSocket);

    const secondBrowser = stack.client();
    const second = await secondBrowser.login(tenant.email, tenant.password);
    const secondSocket = await connectSocket(stack.url, second.token);
    sockets.push(secondSocket);
    const secondRecorder = new SocketRecorder(secondSocket);

    const event = await first.next<{ action: string; user: { id: number } }>(`company-${tenant.companyId}-auth`);
    expect(event).toEqual({ action: 'update', user: { id: second.user.id } });

    // the first browser's token no longer works, and its socket cannot reconnect with it
    expect((await firstBrowser.get('/auth/me')).status).toBe(401);
    expect((await refusalOf(stack.url, firstBrowser.token)).message).toBe('ERR_SESSION_EXPIRED');

    // the new login keeps working and was not told to log out
    expect((await secondBrowser.get('/auth/me')).status).toBe(200);
    // a later company event reaches it in order, so anything sent before would be here by now
    expect((await secondBrowser.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    await secondRecorder.next(`company-${tenant.companyId}-settings`);
    expect(secondRecorder.received.filter((r) => r.event === `company-${tenant.companyId}-auth`)).toEqual([]);
  });
});
