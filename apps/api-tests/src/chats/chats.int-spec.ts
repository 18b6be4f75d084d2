import type { ChatEventPayload, ChatMessagesPageView, ChatMessageView, ChatsPageView, ChatView, PlanView } from '@atrium/contracts';
import { aPlan } from '@atrium/testing';
import type { ApiClient } from '../api-client.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createAgent, type Agent } from '../tickets/tickets-fixtures.js';

/**
 * Internal chat (issue 15): members only see, hear and write a chat; only its owner edits or
 * deletes it; unread counts and lastMessage stay right under concurrent messages.
 */
describe('internal chat', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let ownerId: number;
  let bea: Agent;
  let caio: Agent;
  let dora: Agent;
  let sockets: Record<'owner' | 'bea' | 'caio' | 'dora' | 'foreign', SocketRecorder>;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    [tenant, other] = [await signUpTenant(stack), await signUpTenant(stack)];
    ownerId = tenant.adminSession.user.id;
    bea = await createAgent(stack, tenant, { name: 'Bea' });
    caio = await createAgent(stack, tenant, { name: 'Caio' });
    dora = await createAgent(stack, tenant, { name: 'Dora' });
    const [owner, b, c, d, foreign] = await Promise.all(
      [tenant.admin, bea.client, caio.client, dora.client, other.admin].map((client) => socketOf(stack, client)),
    );
    sockets = { owner: owner!, bea: b!, caio: c!, dora: d!, foreign: foreign! };
  });
  afterAll(async () => {
    for (const socket of Object.values(sockets ?? {})) socket.close();
    await stack?.stop();
  });

  const channel = (suffix: string, companyId = tenant.companyId) => `company-${companyId}-${suffix}`;

  async function createChat(client: ApiClient, title: string, users: number[]): Promise<ChatView> {
    const response = await client.post<ChatView>('/chats', { title, users });
    expect(response.status).toBe(201);
    return response.body;
  }

  const unreadsOf = (chat: ChatView) => Object.fromEntries(chat.users.map((member) => [member.userId, member.unreads]));

  async function chatAs(client: ApiClient, id: number): Promise<ChatView> {
    const response = await client.get<ChatView>(`/chats/${id}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  /** Every event a socket received that concerns this chat. */
  function eventsAbout(socket: SocketRecorder, chatId: number): unknown[] {
    return socket.received
      .filter(({ event }) => event.startsWith(channel('chat')))
      .filter(({ payload }) => {
        const p = payload as { id?: number; chat?: { id: number } };
        return p.id === chatId || p.chat?.id === chatId;
      });
  }

  /** Waits until a later chat reaches the socket's user: events of one publisher arrive in order, so anything about an earlier chat would have come first. */
  async function markerReaches(socket: SocketRecorder, userId: number): Promise<void> {
    const marker = await createChat(tenant.admin, 'marcador', [userId]);
    await socket.nextWhere<ChatEventPayload>(channel('chat-user'), (p) => p.action === 'create' && p.chat.id === marker.id);
  }

  it('creates a chat with the owner as a member, announced to its members only', async () => {
    const chat = await createChat(tenant.admin, '  Plantão  ', [bea.user.id, { id: caio.user.id } as unknown as number]);
    expect(chat).toMatchObject({ title: 'Plantão', ownerId, lastMessage: '' });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((member) => member.userId).sort()).toEqual([ownerId, bea.user.id, caio.user.id].sort());
    expect(chat.users.find((member) => member.userId === bea.user.id)).toMatchObject({
      unreads: 0,
      user: { id: bea.user.id, name: 'Bea' },
    });

    const heard = await sockets.bea.nextWhere<ChatEventPayload>(
      channel('chat-user'),
      (p) => p.action === 'create' && p.chat.id === chat.id,
    );
    expect(heard).toMatchObject({ record: { id: chat.id, title: 'Plantão' } });
    expect((await chatAs(bea.client, chat.id)).uuid).toBe(chat.uuid);
    expect((await bea.client.get<ChatView>(`/chats/${chat.uuid}`)).body.id).toBe(chat.id);

    await markerReaches(sockets.dora, dora.user.id);
    expect(eventsAbout(sockets.dora, chat.id)).toEqual([]);
  });

  it('a message reaches the members live and counts as unread for everyone but its sender; a non-member hears nothing', async () => {
    const chat = await createChat(tenant.admin, 'Avisos', [bea.user.id, caio.user.id]);
    const sent = await bea.client.post<ChatMessageView>(`/chats/${chat.id}/messages`, { message: 'Bom dia, equipe' });
    expect(sent).toMatchObject({
      status: 201,
      body: { chatId: chat.id, senderId: bea.user.id, sender: { name: 'Bea' }, message: 'Bom dia, equipe' },
    });

    const inRoom = await sockets.caio.nextWhere<ChatEventPayload>(channel(`chat-${chat.id}`), (p) => p.action === 'new-message');
    expect(inRoom).toMatchObject({
      newMessage: { id: sent.body.id, message: 'Bom dia, equipe' },
      chat: { id: chat.id, lastMessage: 'Bom dia, equipe' },
    });
    const inList = await sockets.owner.nextWhere<ChatEventPayload>(
      channel('chat'),
      (p) => p.action === 'new-message' && p.chat.id === chat.id,
    );
    if (inList.action !== 'new-message') throw new Error('not a message');
    expect(unreadsOf(inList.chat)).toEqual({ [ownerId]: 1, [bea.user.id]: 0, [caio.user.id]: 1 });

    await markerReaches(sockets.dora, dora.user.id);
    expect(eventsAbout(sockets.dora, chat.id)).toEqual([]);
    expect(sockets.foreign.received.filter(({ event }) => event.includes('-chat'))).toEqual([]);
    expect((await dora.client.get<ChatsPageView>('/chats')).body.records.map((c) => c.id)).not.toContain(chat.id);
    expect(await dora.client.get(`/chats/${chat.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_FOUND' } });
    expect(await dora.client.get(`/chats/${chat.id}/messages`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_FOUND' } });
    expect(await dora.client.post(`/chats/${chat.id}/messages`, { message: 'intrusa' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CHAT_FOUND' },
    });
  });

  it('keeps unread counts and lastMessage right under concurrent messages, and a read resets only the reader’s count', async () => {
    const chat = await createChat(tenant.admin, 'Corrida', [bea.user.id, caio.user.id]);
    const writers = [tenant.admin, bea.client, caio.client];
    const perWriter = 12;
    await Promise.all(
      writers.map(async (client, w) => {
        for (let i = 0; i < perWriter; i += 1) {
          const response = await client.post(`/chats/${chat.id}/messages`, { message: `w${w}-${i}` });
          expect(response.status).toBe(201);
        }
      }),
    );
    const after = await chatAs(bea.client, chat.id);
    const others = perWriter * (writers.length - 1);
    expect(unreadsOf(after)).toEqual({ [ownerId]: others, [bea.user.id]: others, [caio.user.id]: others });
    const newest = await bea.client.get<ChatMessagesPageView>(`/chats/${chat.id}/messages?pageNumber=1`);
    expect(newest.body).toMatchObject({ count: perWriter * writers.length, hasMore: true });
    expect(newest.body.records).toHaveLength(20);
    const ids = newest.body.records.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(after.lastMessage).toBe(newest.body.records.at(-1)!.message);
    const older = await bea.client.get<ChatMessagesPageView>(`/chats/${chat.id}/messages?pageNumber=2`);
    expect(older.body).toMatchObject({ hasMore: false });
    expect(older.body.records).toHaveLength(perWriter * writers.length - 20);
    expect(older.body.records.at(-1)!.id).toBeLessThan(ids[0]!);

    expect(await bea.client.post(`/chats/${chat.id}/read`, { userId: caio.user.id })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const read = await bea.client.post<ChatView>(`/chats/${chat.id}/read`, { userId: String(bea.user.id) });
    expect(read.status).toBe(201);
    expect(unreadsOf(read.body)).toEqual({ [ownerId]: others, [bea.user.id]: 0, [caio.user.id]: others });
    const heard = await sockets.caio.nextWhere<ChatEventPayload>(channel(`chat-${chat.id}`), (p) => p.action === 'update');
    if (heard.action !== 'update') throw new Error('not an update');
    expect(unreadsOf(heard.chat)[bea.user.id]).toBe(0);
    expect(await dora.client.post(`/chats/${chat.id}/read`, {})).toMatchObject({ status: 404 });
  });

  it('only the owner renames, changes members or deletes; removed and deleted chats leave the members’ lists', async () => {
    const chat = await createChat(tenant.admin, 'Gestão', [bea.user.id, caio.user.id]);
    expect(await bea.client.put(`/chats/${chat.id}`, { title: 'Tomada' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await bea.client.delete(`/chats/${chat.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await dora.client.put(`/chats/${chat.id}`, { title: 'Tomada' })).toMatchObject({ status: 404 });
    expect((await chatAs(bea.client, chat.id)).title).toBe('Gestão');

    const renamed = await tenant.admin.put<ChatView>(`/chats/${chat.id}`, { title: 'Gestão 2', users: [bea.user.id, dora.user.id] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.users.map((member) => member.userId).sort()).toEqual([ownerId, bea.user.id, dora.user.id].sort());
    expect(await sockets.caio.nextWhere<ChatEventPayload>(channel('chat'), (p) => p.action === 'delete' && p.id === chat.id)).toEqual({
      action: 'delete',
      id: chat.id,
    });
    expect(
      await sockets.dora.nextWhere<ChatEventPayload>(channel('chat-user'), (p) => p.action === 'create' && p.chat.id === chat.id),
    ).toMatchObject({ record: { title: 'Gestão 2' } });
    expect(await sockets.bea.nextWhere<ChatEventPayload>(channel(`chat-${chat.id}`), (p) => p.action === 'update')).toMatchObject({
      chat: { title: 'Gestão 2' },
    });
    expect(await caio.client.get(`/chats/${chat.id}`)).toMatchObject({ status: 404 });

    expect((await tenant.admin.delete(`/chats/${chat.id}`)).status).toBe(200);
    expect(await sockets.bea.nextWhere<ChatEventPayload>(channel('chat'), (p) => p.action === 'delete' && p.id === chat.id)).toEqual({
      action: 'delete',
      id: chat.id,
    });
    expect(await tenant.admin.get(`/chats/${chat.id}`)).toMatchObject({ status: 404 });
    expect(await tenant.admin.get(`/chats/${chat.id}/messages`)).toMatchObject({ status: 404 });
  });

  it('refuses users of another company and unknown users', async () => {
    const foreignAdmin = other.adminSession.user.id;
    expect(await tenant.admin.post('/chats', { title: 'Mista', users: [bea.user.id, foreignAdmin] })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_USER_FOUND' },
    });
    expect(await tenant.admin.post('/chats', { title: 'Fantasma', users: [2_000_000_000] })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_USER_FOUND' },
    });
    const chat = await createChat(tenant.admin, 'Fechada', [bea.user.id]);
    expect(await tenant.admin.put(`/chats/${chat.id}`, { users: [foreignAdmin] })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_USER_FOUND' },
    });
    expect((await chatAs(tenant.admin, chat.id)).users.map((member) => member.userId).sort()).toEqual([ownerId, bea.user.id].sort());
    const mine = (await tenant.admin.get<ChatsPageView>('/chats')).body.records;
    expect(mine.some((c) => c.title === 'Mista' || c.title === 'Fantasma')).toBe(false);
  });

  it('answers bad input with 400 and stores nothing', async () => {
    const chat = await createChat(tenant.admin, 'Validação', [bea.user.id]);
    const before = (await tenant.admin.get<ChatsPageView>('/chats')).body.count;
    for (const body of [
      { title: '', users: [bea.user.id] },
      { title: '   ', users: [bea.user.id] },
      { title: 'x', users: [] },
      { title: 'x', users: 'abc' },
      { title: 'x' },
      { users: [bea.user.id] },
      { title: 'x', users: [-1] },
    ]) {
      expect(await tenant.admin.post('/chats', body)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect((await tenant.admin.get<ChatsPageView>('/chats')).body.count).toBe(before);
    for (const body of [{ message: '' }, { message: '   ' }, {}, { message: 42 }]) {
      expect(await tenant.admin.post(`/chats/${chat.id}/messages`, body)).toMatchObject({ status: 400 });
    }
    expect((await chatAs(tenant.admin, chat.id)).lastMessage).toBe('');
    expect(await tenant.admin.put(`/chats/${chat.id}`, { title: '' })).toMatchObject({ status: 400 });
    expect((await tenant.admin.get('/chats/abc/messages')).status).toBe(400);
    expect((await tenant.admin.get(`/chats/${chat.id}/messages?pageNumber=-1`)).status).toBe(400);
    expect((await tenant.admin.get('/chats?pageNumber=zero')).status).toBe(400);
    expect((await tenant.admin.get('/chats/not-a-chat')).status).toBe(404);
    expect((await tenant.admin.get('/chats/2147483648')).status).toBe(404);
  });

  it('hides a company’s chats from another company', async () => {
    const chat = await createChat(tenant.admin, 'Interna', [bea.user.id]);
    expect((await other.admin.get<ChatsPageView>('/chats')).body).toMatchObject({ records: [], hasMore: false });
    for (const path of [`/chats/${chat.id}`, `/chats/${chat.uuid}`, `/chats/${chat.id}/messages`]) {
      expect(await other.admin.get(path)).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_FOUND' } });
    }
    expect(await other.admin.post(`/chats/${chat.id}/messages`, { message: 'olá' })).toMatchObject({ status: 404 });
    expect(await other.admin.put(`/chats/${chat.id}`, { title: 'minha' })).toMatchObject({ status: 404 });
    expect(await other.admin.delete(`/chats/${chat.id}`)).toMatchObject({ status: 404 });
    expect((await chatAs(tenant.admin, chat.id)).title).toBe('Interna');
  });

  it('is refused to a company whose plan lacks useInternalChat', async () => {
    const root = await superAdmin(stack);
    const plan = (await root.post<PlanView>('/plans', aPlan({ useInternalChat: false }))).body;
    const withoutChat = await signUpTenant(stack, plan.id);
    for (const response of [await withoutChat.admin.get('/chats'), await withoutChat.admin.post('/chats', { title: 'x', users: [1] })]) {
      expect(response).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    }
  });
});
