import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AppMessageEventPayload,
  ContactView,
  MessagesPageView,
  MessageView,
  QueueView,
  QuickMessageView,
  TicketEventPayload,
  TicketsPageView,
  TicketView,
  WhatsappView,
} from '@atrium/contracts';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from './inbound-publisher.js';
import { createAgent, createQueue, ownerQuery, type Agent } from './tickets-fixtures.js';

const BUSINESS = '5511972000001';
const CUSTOMER = '5511987002001';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

type SandboxMessage = {
  id: string;
  body: string;
  quotedId: string | null;
  media: { mimetype: string; filename: string; size: number } | null;
  deleted: boolean;
};

/**
 * The whole path with the real sessions service and wa-sandbox: a customer writes on the
 * simulated network, the right agent's socket gets the pending ticket, the agent accepts and
 * answers, the customer receives it; transfer, resolve, media both ways, acks, deletes, edits.
 */
describe('conversation through the sandbox: customer ⇄ agent', () => {
  let env: SessionsStack;
  let storageDir: string;
  let tenant: Tenant;
  let connection: WhatsappView;
  let queueA: QueueView;
  let queueB: QueueView;
  let agentA: Agent;
  let agentB: Agent;
  let socketA: SocketRecorder;
  let socketB: SocketRecorder;
  let adminSocket: SocketRecorder;
  let ticket: TicketView;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-conversation-'));
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'], env: { STORAGE_DIR: storageDir } });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 2, queues: 5 });
    tenant = await signUpTenant(env.stack, plan.id);
    queueA = await createQueue(tenant, 'Vendas');
    queueB = await createQueue(tenant, 'Suporte');
    agentA = await createAgent(env.stack, tenant, { name: 'Alice Vendas', queueIds: [queueA.id] });
    agentB = await createAgent(env.stack, tenant, { name: 'Bruno Suporte', queueIds: [queueB.id] });
    adminSocket = await socketOf(env.stack, tenant.admin);
    connection = await connectSandboxNumber(env, tenant.admin, adminSocket, tenant.companyId, BUSINESS);
    expect((await tenant.admin.put(`/whatsapp/${connection.id}`, { queueIds: [queueA.id] })).status).toBe(200);
    await eventually(async () => {
      const rows = await ownerQuery<{ queue_ids: number[] }>(env.stack, 'select queue_ids from tickets.whatsapp_refs where id = $1', [
        connection.id,
      ]);
      return rows[0]?.queue_ids?.[0] === queueA.id;
    });
    for (const key of ['sendGreetingAccepted', 'sendMsgTransfTicket']) {
      expect((await tenant.admin.put(`/settings/${key}`, { value: 'enabled' })).status).toBe(200);
    }
    [socketA, socketB] = await Promise.all([socketOf(env.stack, agentA.client), socketOf(env.stack, agentB.client)]);
  });
  afterAll(async () => {
    for (const socket of [socketA, socketB, adminSocket]) socket?.close();
    await env.stop();
    await (await InboundPublisher.open(env.stack.env)).close(); // deletes the test's stream
    await rm(storageDir, { recursive: true, force: true });
  });

  const customerSends = (body: Record<string, unknown>) =>
    sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', { from: CUSTOMER, to: BUSINESS, ...body });
  const customerInbox = async () => (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${CUSTOMER}`)).body;
  const appMessage = (socket: SocketRecorder, match: (p: AppMessageEventPayload) => boolean) =>
    nextMatching(socket, `company-${tenant.companyId}-appMessage`, match);

  async function nextMatching<T>(socket: SocketRecorder, event: string, match: (payload: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const payload = await socket.next<T>(event, Math.max(1, deadline - Date.now()));
      if (match(payload)) return payload;
    }
  }

  it('a customer’s message reaches the queue’s agent as a pending ticket, and no other agent', async () => {
    const sent = await customerSends({ pushName: 'Ana Cliente', body: 'Quero comprar' });
    const created = await appMessage(socketA, (p) => p.message.wid === sent.body.id);
    expect(created).toMatchObject({
      action: 'create',
      message: { body: 'Quero comprar', fromMe: false },
      ticket: { status: 'pending', queueId: queueA.id, whatsapp: { id: connection.id, name: connection.name }, unreadMessages: 1 },
      contact: { name: 'Ana Cliente', number: CUSTOMER },
    });
    ticket = created.ticket;
    await appMessage(adminSocket, (p) => p.ticket.id === ticket.id);
    expect(socketB.received.filter((r) => JSON.stringify(r.payload).includes(sent.body.id))).toEqual([]);
    expect((await agentB.client.get(`/tickets/${ticket.id}`)).status).toBe(403);
  });

  it('the agent accepts: the customer is greeted by the agent’s name', async () => {
    const accepted = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'open', userId: agentA.user.id });
    expect(accepted.body).toMatchObject({ status: 'open', user: { name: 'Alice Vendas' } });
    await eventually(async () => (await customerInbox()).some((m) => m.body.includes('meu nome é *Alice Vendas*')), 10_000);
    const greeting = (await customerInbox()).find((m) => m.body.includes('Alice Vendas'))!;
    expect(greeting.body).toMatch(
      /^\*Mensagem Automática:\*\n(Bom dia|Boa tarde|Boa noite|Boa madrugada) \*Ana Cliente\*, meu nome é \*Alice Vendas\*/,
    );
  });

  it('the agent answers, signed and with variables filled; the customer receives it, and its acks come back live', async () => {
    const sent = await agentA.client.post<MessageView[]>(`/messages/${ticket.id}`, {
      body: 'Olá {{firstName}}, como posso ajudar?',
      signMessage: true,
      fromMe: true,
      read: true,
    });
    expect(sent.status).toBe(201);
    const [message] = sent.body;
    expect(message).toMatchObject({ fromMe: true, body: '*Alice Vendas:*\nOlá Ana, como posso ajudar?', ticketId: ticket.id });
    await eventually(async () => (await customerInbox()).some((m) => m.id === message!.wid && m.body === message!.body));
    await appMessage(socketA, (p) => p.action === 'update' && p.message.id === message!.id && p.message.ack === 2);
    await sandboxCall(env.sandbox, 'POST', `/messages/${message!.wid}/read`);
    await appMessage(socketA, (p) => p.action === 'update' && p.message.id === message!.id && p.message.ack === 3);
  });

  it('opening the ticket resets its unread count; the conversation holds both sides in order', async () => {
    await customerSends({ body: 'Pode me mandar o catálogo?' });
    await appMessage(socketA, (p) => p.message.body === 'Pode me mandar o catálogo?');
    const page = (await agentA.client.get<MessagesPageView>(`/messages/${ticket.id}`)).body;
    expect(page.ticket.unreadMessages).toBe(0);
    const bodies = page.messages.map((m) => [m.fromMe, m.body.split('\n')[0]]);
    expect(bodies[0]).toEqual([false, 'Quero comprar']);
    expect(bodies.at(-1)).toEqual([false, 'Pode me mandar o catálogo?']);
  });

  it('media both ways: the agent’s upload reaches the customer; the customer’s photo is served only to the ticket’s viewers', async () => {
    const form = new FormData();
    form.append('body', 'Segue o catálogo');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'catalogo.png');
    const sent = await agentA.client.post<MessageView[]>(`/messages/${ticket.id}`, form);
    expect(sent.status).toBe(201);
    expect(sent.body[0]).toMatchObject({ mediaType: 'image', body: 'Segue o catálogo', mediaName: 'catalogo.png' });
    expect(sent.body[0]!.mediaUrl).toMatch(new RegExp(`^/public/tickets/${tenant.companyId}/${ticket.id}/`));
    await eventually(async () =>
      (await customerInbox()).some(
        (m) => m.media?.filename === 'catalogo.png' && m.media.size === PNG.length && m.body === 'Segue o catálogo',
      ),
    );

    // several files at once: one message each, the text as the first one's caption
    const several = new FormData();
    several.append('body', 'Duas fotos');
    several.append('medias', new Blob([PNG], { type: 'image/png' }), 'um.png');
    several.append('medias', new Blob([Buffer.from('ID3 audio')], { type: 'audio/mpeg' }), 'audio-record.mp3');
    const both = await agentA.client.post<MessageView[]>(`/messages/${ticket.id}`, several);
    expect(both.body.map((m) => [m.mediaType, m.mediaName, m.body])).toEqual([
      ['image', 'um.png', 'Duas fotos'],
      ['audio', 'audio-record.mp3', ''],
    ]);

    // `body` once per file (as some clients send it): each file its caption; an audio's follows it
    const captioned = new FormData();
    for (const [name, type, bytes, caption] of [
      ['a.png', 'image/png', PNG, 'Frente'],
      ['b.mp3', 'audio/mpeg', Buffer.from('ID3 audio'), 'Ouça'],
      ['c.png', 'image/png', PNG, ''],
    ] as const) {
      captioned.append('medias', new Blob([bytes], { type }), name);
      captioned.append('body', caption);
    }
    const each = await agentA.client.post<MessageView[]>(`/messages/${ticket.id}`, captioned);
    expect(each.body.map((m) => [m.mediaType, m.mediaName, m.body])).toEqual([
      ['image', 'a.png', 'Frente'],
      ['audio', 'b.mp3', ''],
      ['chat', null, 'Ouça'],
      ['image', 'c.png', ''],
    ]);
    await eventually(async () => (await customerInbox()).some((m) => m.media?.filename === 'a.png' && m.body === 'Frente'));
    const mismatched = new FormData();
    mismatched.append('medias', new Blob([PNG], { type: 'image/png' }), 'x.png');
    mismatched.append('body', 'um');
    mismatched.append('body', 'dois');
    expect(await agentA.client.post(`/messages/${ticket.id}`, mismatched)).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });

    const photo = await customerSends({
      body: 'esta aqui',
      media: { mimetype: 'image/png', filename: 'foto.png', base64: PNG.toString('base64') },
    });
    const received = await appMessage(socketA, (p) => p.message.wid === photo.body.id);
    expect(received.message).toMatchObject({ mediaType: 'image', body: 'esta aqui', mediaName: 'foto.png' });
    const url = received.message.mediaUrl!;
    expect(url).toMatch(new RegExp(`^/public/whatsapp/${tenant.companyId}/${connection.id}/`));
    const served = await fetch(env.stack.url + url, { headers: { authorization: `Bearer ${agentA.client.token}` } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(await agentB.client.get(url)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await env.stack.client().get(url)).status).toBe(401);
    expect((await tenant.admin.get(sent.body[0]!.mediaUrl!)).status).toBe(200);
  });

  it('replies quoting a customer message, re-sends a quick message’s file, and deletes a sent message for everyone', async () => {
    const question = await customerSends({ body: 'Qual o prazo?' });
    const customerMessage = (await appMessage(socketA, (p) => p.message.wid === question.body.id)).message;
    const reply = (await agentA.client.post<MessageView[]>(`/messages/${ticket.id}`, { body: 'Cinco dias', quotedMsg: customerMessage }))
      .body[0]!;
    expect(reply.quotedMsg).toMatchObject({ id: customerMessage.id, body: 'Qual o prazo?', fromMe: false });
    await eventually(async () => (await customerInbox()).some((m) => m.id === reply.wid && m.quotedId === question.body.id));

    const quick = (await agentA.client.post<QuickMessageView>('/quick-messages', { shortcode: 'tabela', message: 'Tabela' })).body;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 tabela')], { type: 'application/pdf' }), 'tabela.pdf');
    const withFile = (await agentA.client.post<QuickMessageView>(`/quick-messages/${quick.id}/media-upload`, form)).body;
    const resent = (await agentA.client.post<MessageView[]>(`/messages/${ticket.id}`, { body: 'Tabela', mediaUrl: withFile.mediaUrl }))
      .body[0]!;
    expect(resent).toMatchObject({ mediaType: 'application', mediaName: 'tabela.pdf' });
    await eventually(async () => (await customerInbox()).some((m) => m.id === resent.wid && m.media?.mimetype === 'application/pdf'));
    expect(
      await agentA.client.post(`/messages/${ticket.id}`, { body: 'x', mediaUrl: `/public/quick-messages/${tenant.companyId + 1}/1/a.pdf` }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });

    const deleted = await agentA.client.delete<MessageView>(`/messages/${reply.id}`);
    expect(deleted.body).toMatchObject({ id: reply.id, isDeleted: true });
    await eventually(async () => (await customerInbox()).find((m) => m.id === reply.wid)?.deleted === true);
    expect(await agentA.client.delete(`/messages/${customerMessage.id}`)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await agentA.client.delete('/messages/99999999')).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  });

  it('the customer’s edits, deletions and calls show up live', async () => {
    const sent = await customerSends({ body: 'pedido 123' });
    const original = (await appMessage(socketA, (p) => p.message.wid === sent.body.id)).message;
    await sandboxCall(env.sandbox, 'POST', `/messages/${sent.body.id}/edit`, { body: 'pedido 124' });
    await appMessage(socketA, (p) => p.message.id === original.id && p.message.isEdited && p.message.body === 'pedido 124');
    await sandboxCall(env.sandbox, 'DELETE', `/messages/${sent.body.id}`);
    await appMessage(socketA, (p) => p.message.id === original.id && p.message.isDeleted);
    await sandboxCall(env.sandbox, 'POST', '/calls', { from: CUSTOMER, to: BUSINESS, isVideo: true });
    const call = await appMessage(socketA, (p) => p.message.mediaType === 'call_log');
    expect(call.message.body).toMatch(/^Chamada de vídeo recebida às \d\d:\d\d$/);
  });

  it('transfers to another queue: the customer is told, the old queue’s agent loses the ticket, the new one gets it', async () => {
    const moved = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, { queueId: queueB.id, userId: null, status: 'pending' });
    expect(moved.body).toMatchObject({ status: 'pending', queueId: queueB.id, userId: null });
    await nextMatching<TicketEventPayload>(
      socketA,
      `company-${tenant.companyId}-ticket`,
      (p) => p.action === 'delete' && p.ticketId === ticket.id,
    );
    await nextMatching<TicketEventPayload>(
      socketB,
      `company-${tenant.companyId}-ticket`,
      (p) => p.action === 'update' && p.ticket.id === ticket.id,
    );
    await eventually(async () => (await customerInbox()).some((m) => m.body.includes('transferido para o departamento *Suporte*')));
    expect((await agentA.client.get(`/tickets/${ticket.id}`)).status).toBe(403);
    const accepted = await agentB.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'open', userId: agentB.user.id });
    expect(accepted.body.user).toEqual({ id: agentB.user.id, name: 'Bruno Suporte' });
  });

  it('resolves; sending in the closed ticket is refused until it is reopened', async () => {
    await agentB.client.put(`/tickets/${ticket.id}`, { status: 'closed', userId: agentB.user.id, queueId: queueB.id });
    expect(await agentB.client.post(`/messages/${ticket.id}`, { body: 'ainda aí?' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_TICKET_CLOSED' },
    });
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'x.png');
    expect(await agentB.client.post(`/messages/${ticket.id}`, form)).toMatchObject({ status: 409, body: { error: 'ERR_TICKET_CLOSED' } });
    expect((await agentB.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'open', userId: agentB.user.id })).body.status).toBe(
      'open',
    );
    const sent = await agentB.client.post<MessageView[]>(`/messages/${ticket.id}`, { body: 'De volta!' });
    expect(sent.status).toBe(201);
    expect(await agentB.client.post(`/messages/${ticket.id}`, { body: '   ' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
  });

  it('checks new contacts’ numbers on WhatsApp: ERR_WAPP_INVALID_CONTACT for one that is not there', async () => {
    await sandboxCall(env.sandbox, 'PUT', '/numbers/5511987002999', { onWhatsApp: false });
    expect(await tenant.admin.post('/contacts', { name: 'Fantasma', number: '5511987002999' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });
    expect((await tenant.admin.post<ContactView>('/contacts', { name: 'Real', number: '5511987002998' })).status).toBe(201);
  });

  it('passes the connection’s refusals on: ERR_WAPP_INVALID_CONTACT, ERR_WAPP_NOT_INITIALIZED', async () => {
    const contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Saiu do Zap', number: '5511987002996' })).body;
    await sandboxCall(env.sandbox, 'PUT', '/numbers/5511987002996', { onWhatsApp: false });
    const gone = (await tenant.admin.post<TicketView>('/tickets', { contactId: contact.id, status: 'open' })).body;
    expect(await tenant.admin.post(`/messages/${gone.id}`, { body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_INVALID_CONTACT' },
    });

    const idle = (await tenant.admin.post<WhatsappView>('/whatsapp', { name: 'Parada', provider: 'sandbox' })).body;
    const other = (await tenant.admin.post<ContactView>('/contacts', { name: 'Pela Parada', number: '5511987002995' })).body;
    const onIdle = await tenant.admin.post<TicketView>('/tickets', { contactId: other.id, whatsappId: idle.id, status: 'open' });
    expect(onIdle.body.whatsapp).toEqual({ id: idle.id, name: 'Parada' });
    expect(await tenant.admin.post(`/messages/${onIdle.body.id}`, { body: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_NOT_INITIALIZED' },
    });
    await tenant.admin.delete(`/whatsapp/${idle.id}`);
  });

  it('imports the phone’s address book (admins only): the contacts the company lacks, once', async () => {
    const book = [
      { number: '5511987003001', name: 'Bia Agenda' },
      { number: '5511987003002', name: 'X' },
      { number: '5511987002998', name: 'Já Cadastrado' },
    ];
    expect((await sandboxCall(env.sandbox, 'PUT', `/sessions/${BUSINESS}/contacts`, { contacts: book })).status).toBe(200);
    expect((await agentA.client.post('/contacts/import', {})).status).toBe(403);

    const imported = await tenant.admin.post<ContactView[]>('/contacts/import', {});
    expect(imported.status).toBe(201);
    expect(imported.body.map((c) => [c.name, c.number]).sort()).toEqual([
      ['5511987003002', '5511987003002'],
      ['Bia Agenda', '5511987003001'],
    ]);
    // the customer who wrote is in the book too, but was already a contact
    expect((await tenant.admin.get<ContactView[]>('/contacts/list?name=Ana')).body.filter((c) => c.number === CUSTOMER)).toHaveLength(1);
    expect((await tenant.admin.post<ContactView[]>('/contacts/import', {})).body).toEqual([]);

    const lonely = await signUpTenant(env.stack);
    expect(await lonely.admin.post('/contacts/import', {})).toMatchObject({ status: 404, body: { error: 'ERR_NO_DEF_WAPP_FOUND' } });
  });

  it('a new ticket an agent opens goes out through the connection', async () => {
    const contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Nova Conversa', number: '5511987002997' })).body;
    const opened = await agentA.client.post<TicketView>('/tickets', {
      contactId: contact.id,
      queueId: queueA.id,
      userId: agentA.user.id,
      status: 'open',
    });
    expect(opened.body).toMatchObject({ whatsappId: connection.id, status: 'open' });
    await agentA.client.post(`/messages/${opened.body.id}`, { body: 'Olá, aqui é da loja' });
    const inbox = (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', '/messages?customer=5511987002997')).body;
    expect(inbox.map((m) => m.body)).toEqual(['Olá, aqui é da loja']);
    const list = (await agentA.client.get<TicketsPageView>('/tickets?status=open')).body.tickets;
    expect(list[0]).toMatchObject({ id: opened.body.id, lastMessage: 'Olá, aqui é da loja' });
  });
});
