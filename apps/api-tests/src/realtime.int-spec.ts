import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import type { ActorState } from '@atrium/contracts';
import { GatewayConfig, startGateway } from '@atrium/app-gateway';
import { AuthFixtures } from './auth-fixtures.js';
import { eventually, NatsFixture } from './nats-fixtures.js';
import { connectSocket, emitWithAck, refusalOf, SocketRecorder } from './socket-client.js';
import { startStack, type Stack } from './stack.js';

/** Gateway-level tests of socket.io: no identity service runs, sessions come from AuthFixtures. */
describe('realtime: socket handshake and fan-out of domain events', () => {
  let stack: Stack;
  let auth: AuthFixtures;
  let nats: NatsFixture;
  const open: SocketRecorder[] = [];
  let nextUserId = 1000;

  beforeAll(async () => {
    stack = await startStack({ services: [] });
    auth = new AuthFixtures(stack);
    nats = await NatsFixture.open(stack);
  });
  afterEach(() => {
    for (const recorder of open.splice(0)) recorder.close();
  });
  afterAll(async () => {
    await nats.close();
    await auth.close();
    await stack.stop();
  });

  async function socketOf(companyId: number, overrides: Partial<ActorState> = {}, url = stack.url) {
    const session = await auth.session({ userId: nextUserId++, companyId, ...overrides });
    const recorder = new SocketRecorder(await connectSocket(url, session.token));
    open.push(recorder);
    return { ...session, recorder };
  }

  describe('handshake', () => {
    it('refuses a socket without a token with ERR_SESSION_EXPIRED (401: log out)', async () => {
      const refusal = await refusalOf(stack.url);
      expect(refusal.message).toBe('ERR_SESSION_EXPIRED');
      expect(refusal.data).toEqual({ error: 'ERR_SESSION_EXPIRED', status: 401 });
    });

    it('refuses a forged or malformed token (403: refresh)', async () => {
      const valid = await auth.session({ userId: nextUserId++, companyId: 1 });
      const [header, payload] = valid.token.split('.');
      const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
      expect((await refusalOf(stack.url, forged)).data).toEqual({ error: 'ERR_SESSION_EXPIRED', status: 403 });
      expect((await refusalOf(stack.url, 'not-a-jwt')).data).toEqual({ error: 'ERR_SESSION_EXPIRED', status: 403 });
    });

    it('refuses a token whose login is no longer the active one, or ended', async () => {
      const first = await auth.session({ userId: nextUserId++, companyId: 1 });
      await auth.session({ userId: first.actor.userId, companyId: 1 }); // logs in again elsewhere
      expect((await refusalOf(stack.url, first.token)).data).toEqual({ error: 'ERR_SESSION_EXPIRED', status: 401 });

      const ended = await auth.session({ userId: nextUserId++, companyId: 1 });
      await auth.endSessions(ended.actor.userId);
      expect((await refusalOf(stack.url, ended.token)).message).toBe('ERR_SESSION_EXPIRED');
    });

    it('accepts the active login over websocket only', async () => {
      const { recorder } = await socketOf(1);
      expect(recorder.socket.connected).toBe(true);
      expect(recorder.socket.io.engine.transport.name).toBe('websocket');
    });
  });

  describe('fan-out', () => {
    it("delivers a company's events to its sockets only, under the spec's event name", async () => {
      const alpha = await socketOf(11);
      const beta = await socketOf(12);
      nats.publish({ kind: 'user', companyId: 12, payload: { action: 'update', user: { id: 1 } } });
      nats.publish({ kind: 'user', companyId: 11, payload: { action: 'update', user: { id: 2 } } });

      expect(await alpha.recorder.next('company-11-user')).toEqual({ action: 'update', user: { id: 2 } });
      expect(await beta.recorder.next('company-12-user')).toEqual({ action: 'update', user: { id: 1 } });
      // Alpha received its own event, published after beta's: beta's would have come first.
      expect(alpha.recorder.events()).toEqual([]);
      expect(beta.recorder.events()).toEqual([]);
    });

    it('honours audience userIds, profiles and exceptSessionIds', async () => {
      const agent = await socketOf(21);
      const admin = await socketOf(21, { profile: 'admin' });
      const otherTab = await socketOf(21);

      nats.publish({ kind: 'settings', companyId: 21, payload: 'admins', audience: { profiles: ['admin'] } });
      nats.publish({ kind: 'user', companyId: 21, payload: 'agent only', audience: { userIds: [agent.actor.userId] } });
      nats.publish({
        kind: 'auth',
        companyId: 21,
        payload: 'not the new login',
        audience: { exceptSessionIds: [agent.actor.sessionId, admin.actor.sessionId] },
      });
      nats.publish({ kind: 'ticket', companyId: 21, payload: 'barrier' });

      for (const { recorder } of [agent, admin, otherTab]) await recorder.next('company-21-ticket');
      expect(agent.recorder.received).toEqual([{ event: 'company-21-user', payload: 'agent only' }]);
      expect(admin.recorder.received).toEqual([{ event: 'company-21-settings', payload: 'admins' }]);
      expect(otherTab.recorder.received).toEqual([{ event: 'company-21-auth', payload: 'not the new login' }]);
    });

    it('delivers a platform-wide announcement to every company', async () => {
      const alpha = await socketOf(31);
      const beta = await socketOf(32);
      const payload = { action: 'create', record: { id: 1, title: 'Manutenção' } };
      nats.publish({ kind: 'announcement', companyId: null, payload });
      expect(await alpha.recorder.next('company-announcement')).toEqual(payload);
      expect(await beta.recorder.next('company-announcement')).toEqual(payload);
    });

    it('drops events whose body names another company than their subject', async () => {
      const alpha = await socketOf(41);
      await socketOf(42);
      // Published on events.41.user but claiming company 42: neither company's sockets get it.
      nats.publish({ kind: 'user', companyId: 41, payload: 'honest' });
      await alpha.recorder.next('company-41-user');
      nats.publishRaw('events.41.user', JSON.stringify({ kind: 'user', companyId: 42, payload: 'misrouted' }));
      nats.publishRaw('events.41.user', 'not json');
      nats.publish({ kind: 'user', companyId: 41, payload: 'barrier' });
      expect(await alpha.recorder.next('company-41-user')).toBe('barrier');
      expect(alpha.recorder.events()).toEqual([]);
    });
  });

  describe('subscriptions follow the sockets of each company', () => {
    it('subscribes on the first socket of a company and unsubscribes after the last one left', async () => {
      expect(await nats.hasSubscribers('events.51.probe')).toBe(false);
      const first = await socketOf(51);
      const second = await socketOf(51);
      expect(await nats.hasSubscribers('events.51.probe')).toBe(true);

      first.recorder.close();
      nats.publish({ kind: 'user', companyId: 51, payload: 'still here' });
      expect(await second.recorder.next('company-51-user')).toBe('still here');

      second.recorder.close();
      await eventually(async () => !(await nats.hasSubscribers('events.51.probe')));
      // The platform-wide subscription stays.
      expect(await nats.hasSubscribers('events.global.probe')).toBe(true);
    });

    it('does not subscribe for a refused handshake', async () => {
      const session = await auth.session({ userId: nextUserId++, companyId: 52 });
      await auth.endSessions(session.actor.userId);
      await refusalOf(stack.url, session.token);
      expect(await nats.hasSubscribers('events.52.probe')).toBe(false);
    });
  });

  describe('client events', () => {
    it('acknowledges joinChatBox, joinNotification, joinTickets and the leave events, refusing bad input, with no round trip', async () => {
      const { recorder } = await socketOf(61);
      // no tickets service runs here: the answer needs none (tickets/tickets.int-spec.ts shows it follows nothing)
      expect(await emitWithAck(recorder.socket, 'joinChatBox', '15')).toEqual({ ok: true });
      expect(await emitWithAck(recorder.socket, 'joinChatBox', 'abc')).toEqual({ error: 'ERR_VALIDATION' });
      expect(await emitWithAck(recorder.socket, 'joinNotification')).toEqual({ ok: true });
      expect(await emitWithAck(recorder.socket, 'joinTickets', 'open')).toEqual({ ok: true });
      expect(await emitWithAck(recorder.socket, 'joinTickets', 'archived')).toEqual({ error: 'ERR_VALIDATION' });
      for (const leave of ['joinChatBoxLeave', 'joinTicketsLeave', 'joinNotificationLeave']) {
        expect(await emitWithAck(recorder.socket, leave, 'open')).toEqual({ ok: true });
      }
      expect(recorder.socket.connected).toBe(true);
    });

    it('keeps the socket when userStatus cannot reach identity, and ends it once the login is over', async () => {
      const { recorder, actor } = await socketOf(62);
      expect(await emitWithAck(recorder.socket, 'userStatus')).toEqual({ ok: true });
      expect(recorder.socket.connected).toBe(true);

      await auth.endSessions(actor.userId);
      const disconnected = new Promise<string>((resolve) => recorder.socket.once('disconnect', resolve));
      recorder.socket.emit('userStatus');
      expect(await disconnected).toBe('io server disconnect');
    });
  });

  describe('several gateway replicas', () => {
    let second: INestApplication;
    let secondUrl: string;

    beforeAll(async () => {
      second = await startGateway(loadConfig(GatewayConfig, stack.env));
      secondUrl = (await second.getUrl()).replace('[::1]', '127.0.0.1');
    });
    afterAll(() => second.close());

    it('each emits an event once to its own sockets, with no adapter between them', async () => {
      const onFirst = await socketOf(71);
      const onSecond = await socketOf(71, {}, secondUrl);
      nats.publish({ kind: 'ticket', companyId: 71, payload: 'once' });
      nats.publish({ kind: 'contact', companyId: 71, payload: 'barrier' });
      for (const { recorder } of [onFirst, onSecond]) {
        await recorder.next('company-71-contact');
        expect(recorder.received).toEqual([{ event: 'company-71-ticket', payload: 'once' }]);
      }
    });
  });
});
