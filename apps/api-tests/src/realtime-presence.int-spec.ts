import type { UserView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import { connectSocket, emitWithAck, SocketRecorder } from './socket-client.js';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, type Tenant } from './tenants.js';

type UserEvent = { action: string; user: UserView };

/** userStatus and disconnects reach identity, whose user events come back to the company's sockets. */
describe('realtime: presence through identity', () => {
  let stack: Stack;
  let tenant: Tenant;

  beforeAll(async () => {
    stack = await startStack();
    tenant = await signUpTenant(stack);
  });
  afterAll(() => stack.stop());

  async function nextUserEvent(recorder: SocketRecorder, userId: number): Promise<UserEvent> {
    for (;;) {
      const event = await recorder.next<UserEvent>(`company-${tenant.companyId}-user`);
      if (event.user?.id === userId) return event;
    }
  }

  it('marks a user online on userStatus and offline when their last socket leaves', async () => {
    const agentData = aUser();
    const created = await tenant.admin.post<UserView>('/users', agentData);
    expect(created.status).toBe(201);
    const agent = stack.client();
    const agentSession = await agent.login(agentData.email, agentData.password);

    const watcher = new SocketRecorder(await connectSocket(stack.url, tenant.adminSession.token));
    const firstTab = new SocketRecorder(await connectSocket(stack.url, agentSession.token));
    const secondTab = new SocketRecorder(await connectSocket(stack.url, agentSession.token));
    try {
      expect(await emitWithAck(firstTab.socket, 'userStatus')).toEqual({ ok: true });
      expect(await nextUserEvent(watcher, created.body.id)).toMatchObject({ action: 'update', user: { online: true } });

      firstTab.close();
      secondTab.close();
      expect(await nextUserEvent(watcher, created.body.id)).toMatchObject({ action: 'update', user: { online: false } });
      const shown = await tenant.admin.get<UserView>(`/users/${created.body.id}`);
      expect(shown.body.online).toBe(false);
    } finally {
      watcher.close();
    }
  });
});
