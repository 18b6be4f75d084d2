import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { InvoiceIssuer } from '@atrium/app-billing';
import type {
  AppMessageEventPayload,
  AuthResult,
  ChatEventPayload,
  ChatView,
  ContactListItemEventPayload,
  FileListEventPayload,
  InvoiceView,
  MessagesPageView,
  MessageView,
  QueueView,
  SchedulesPageView,
  TicketEventPayload,
  TicketView,
  UserEventPayload,
  WhatsappView,
} from '@atrium/contracts';
import { io, type Socket } from 'socket.io-client';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, SocketRecorder } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from '../tickets/inbound-publisher.js';
import { createAgent, createQueue } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972016001';
const CUSTOMER = '5511987016001';

/** How Atendechat 6.0.0's web app opens its socket: long polling only, the token in the query. */
function pollingSocket(url: string, token: string): { socket: Socket; ready: Promise<void> } {
  const socket = io(url, { transports: ['polling'], query: { token }, reconnection: false, forceNew: true });
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, ready };
}

/** The query string as that client's axios writes it (lists as JSON text, empty search kept). */
function query(params: Record<string, string | number | boolean>): string {
  return new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
}

/**
 * Issue 16: the calls Atendechat 6.0.0's own web app makes, replayed as it sends them, against
 * the real gateway, identity, tickets and sessions with a wa-sandbox customer. Each test asserts
 * the statuses and the response fields that client reads.
 */
describe('an existing Atendechat 6.0.0 client works unchanged', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let queue: QueueView;
  let connection: WhatsappView;
  let adminSocket: SocketRecorder;
  let polling: SocketRecorder;
  let ticket: TicketView;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-compat-'));
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets', 'campaigns', 'billing'],
      env: { STORAGE_DIR: storageDir },
    });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 2, queues: 5 });
    tenant = await signUpTenant(env.stack, plan.id);
    queue = await createQueue(tenant, 'Atendimento');
    adminSocket = await socketOf(env.stack, tenant.admin);
    connection = await connectSandboxNumber(env, tenant.admin, adminSocket, tenant.companyId, BUSINESS);
  });
  afterAll(async () => {
    polling?.close();
    adminSocket?.close();
    await env.stop();
    await (await InboundPublisher.open(env.stack.env)).close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('logs in, and refreshes with the cookie alone', async () => {
    // the login was made by signUpTenant (a second one would end this one: one session per user)
    expect(tenant.adminSession).toMatchObject({
      token: expect.any(String),
      user: { id: expect.any(Number), companyId: tenant.companyId, company: { dueDate: expect.any(String) } },
    });
    tenant.admin.token = undefined;
    const refreshed = await tenant.admin.post<AuthResult>('/auth/refresh_token');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token: expect.any(String), user: { companyId: tenant.companyId } });
    tenant.admin.token = refreshed.body.token;
  });

  it('opens socket.io over long polling with query.token, hears `ready`, then joins its rooms without error', async () => {
    const { socket, ready } = pollingSocket(env.stack.url, tenant.admin.token!);
    polling = new SocketRecorder(socket);
    await ready;
    expect(socket.io.engine.transport.name).toBe('polling');
    // the client emits these right after `ready`; each is acknowledged when asked to be
    await expect(socket.timeout(5000).emitWithAck('joinTickets', 'pending')).resolves.toEqual({ ok: true });
    await expect(socket.timeout(5000).emitWithAck('joinTickets', 'open')).resolves.toEqual({ ok: true });
    await expect(socket.timeout(5000).emitWithAck('joinNotification')).resolves.toEqual({ ok: true });
    expect(socket.connected).toBe(true);
  });

  it('a customer writes: the polling socket receives the message live', async () => {
    const sent = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
      from: CUSTOMER,
      to: BUSINESS,
      pushName: 'Carla',
      body: 'Bom dia',
    });
    const created = await polling.nextWhere<AppMessageEventPayload>(
      `company-${tenant.companyId}-appMessage`,
      (p) => p.message.wid === sent.body.id,
    );
    expect(created).toMatchObject({
      action: 'create',
      message: { body: 'Bom dia', fromMe: false },
      contact: { name: 'Carla' },
      ticket: { status: 'pending' },
    });
    ticket = created.ticket;
    await expect(polling.socket.timeout(5000).emitWithAck('joinChatBox', String(ticket.id))).resolves.toEqual({ ok: true });
  });

  it('lists tickets with its query string (queueIds, tags and users as JSON text, empty search)', async () => {
    const base = { searchParam: '', pageNumber: 1, status: 'pending', showAll: 'true', withUnreadMessages: 'false' };
    for (const lists of [
      { queueIds: '[]', tags: '[]', users: '[]' },
      { queueIds: JSON.stringify([queue.id]), tags: '[]', users: '[]' },
    ]) {
      const page = await tenant.admin.get<{ tickets: TicketView[]; hasMore: boolean }>(`/tickets?${query({ ...base, ...lists })}`);
      expect(page.status).toBe(200);
      expect(typeof page.body.hasMore).toBe('boolean');
      if (lists.queueIds === '[]') expect(page.body.tickets.map((t) => t.id)).toContain(ticket.id);
    }
    const shown = await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`);
    expect(shown.body).toMatchObject({ id: ticket.id, contact: { name: 'Carla' }, status: 'pending' });
    expect((await tenant.admin.get<TicketView>(`/tickets/u/${shown.body.uuid}`)).body.id).toBe(ticket.id);
  });

  it('accepts, then replies with the composer’s body (`read: 1`, empty mediaUrl, `quotedMsg: null`); the customer receives it', async () => {
    // its tabs as its ticket list keeps them: `update` adds to the tab of the ticket's status only, `delete` drops it from every tab
    const tabs: Record<string, Set<number>> = { pending: new Set([ticket.id]), open: new Set() };
    const followTabs = (event: TicketEventPayload) => {
      if (event.action === 'delete') for (const tab of Object.values(tabs)) tab.delete(event.ticketId);
      if (event.action === 'update') tabs[event.ticket.status]?.add(event.ticket.id);
    };
    polling.socket.on(`company-${tenant.companyId}-ticket`, followTabs);
    const accepted = await tenant.admin.put<TicketView>(`/tickets/${ticket.id}`, {
      status: 'open',
      userId: tenant.adminSession.user.id,
      queueId: queue.id,
    });
    expect(accepted.status).toBe(200);
    await eventually(async () => tabs.open!.has(ticket.id), 10_000);
    polling.socket.off(`company-${tenant.companyId}-ticket`, followTabs);
    // the original sends `delete` to the old status' listeners before the update: the ticket leaves Aguardando
    expect(tabs.pending!.has(ticket.id)).toBe(false);
    const sent = await tenant.admin.post<MessageView[]>(`/messages/${ticket.id}`, {
      read: 1,
      fromMe: true,
      mediaUrl: '',
      body: 'Olá, Carla!',
      quotedMsg: null,
    });
    expect(sent.status).toBeGreaterThanOrEqual(200);
    expect(sent.status).toBeLessThan(300);
    await eventually(async () => {
      const inbox = await sandboxCall<Array<{ body: string }>>(env.sandbox, 'GET', `/messages?customer=${CUSTOMER}`);
      return inbox.body.some((m) => m.body === 'Olá, Carla!');
    }, 10_000);
    const page = await tenant.admin.get<MessagesPageView>(`/messages/${ticket.id}?pageNumber=1`);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m) => m.body)).toContain('Olá, Carla!');
    expect(typeof page.body.hasMore).toBe('boolean');
  });

  it('notes, tags (kanban 0/1) and quick messages (geral and status as 1/0) as its dialogs send them', async () => {
    const note = await tenant.admin.post('/ticket-notes', { note: 'Cliente antiga', ticketId: ticket.id, contactId: ticket.contactId });
    expect(note.status).toBe(201);
    const notes = await tenant.admin.get<Array<{ note: string }>>(
      `/ticket-notes/list?${query({ ticketId: ticket.id, contactId: ticket.contactId })}`,
    );
    expect(notes.body.map((n) => n.note)).toContain('Cliente antiga');

    const tag = await tenant.admin.post<{ id: number; name: string }>('/tags', { name: 'Urgente', color: '#FF0000', kanban: 1 });
    expect(tag.status).toBe(201);
    expect((await tenant.admin.put(`/tags/${tag.body.id}`, { name: 'Urgente', color: '#FF0000', kanban: '0' })).body).toMatchObject({
      kanban: 0,
    });
    expect((await tenant.admin.get<Array<{ id: number }>>('/tags/list')).body.map((t) => t.id)).toContain(tag.body.id);
    expect(
      (await tenant.admin.post('/tags/sync', { ticketId: ticket.id, tags: [{ id: tag.body.id, name: 'Urgente' }] })).status,
    ).toBeLessThan(300);

    const quick = await tenant.admin.post<{ id: number; geral: boolean }>('/quick-messages', {
      shortcode: 'oi',
      message: 'Olá!',
      geral: 1,
      status: 1,
    });
    expect(quick.status).toBe(201);
    expect(quick.body.geral).toBe(true);
    expect(
      (await tenant.admin.put<{ geral: boolean }>(`/quick-messages/${quick.body.id}`, { shortcode: 'oi', message: 'Olá!', geral: '0' }))
        .body.geral,
    ).toBe(false);
    const list = await tenant.admin.get<Array<{ shortcode: string }>>(
      `/quick-messages/list?${query({ companyId: tenant.companyId, userId: tenant.adminSession.user.id })}`,
    );
    expect(list.body.map((q) => q.shortcode)).toContain('oi');
  });

  it('the connection edit dialog: show and list carry queues with names and the transfer fields; saving the form as it sends it works', async () => {
    expect((await tenant.admin.put(`/whatsapp/${connection.id}`, { queueIds: [queue.id] })).status).toBe(200);
    const shown = await tenant.admin.get<WhatsappView>(`/whatsapp/${connection.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      queues: [{ id: queue.id, name: 'Atendimento', color: queue.color }],
      transferQueueId: null,
      timeToTransfer: null,
      integrationId: null,
      promptId: null,
    });
    const listed = await tenant.admin.get<WhatsappView[]>(`/whatsapp?${query({ companyId: tenant.companyId, session: 0 })}`);
    expect(listed.body.find((w) => w.id === connection.id)?.queues).toEqual([{ id: queue.id, name: 'Atendimento', color: queue.color }]);

    // the dialog spreads what it loaded, maps `queues` to ids, and sends '' for unset selects
    const form = {
      ...shown.body,
      isDefault: 1,
      queueIds: shown.body.queues.map((q) => q.id),
      transferQueueId: queue.id,
      timeToTransfer: '5',
      promptId: '',
      integrationId: '',
      token: '',
    };
    const saved = await tenant.admin.put<WhatsappView>(`/whatsapp/${connection.id}`, form);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      isDefault: true,
      transferQueueId: queue.id,
      timeToTransfer: 5,
      promptId: null,
      queues: [{ id: queue.id, name: 'Atendimento' }],
    });
  });

  it('directory pages: users, contacts, queues, settings, announcements, and the internal-chat icon’s GET /chats/', async () => {
    const page = { searchParam: '', pageNumber: 1 };
    expect((await tenant.admin.get<{ users: unknown[] }>(`/users/?${query(page)}`)).body.users.length).toBeGreaterThan(0);
    expect((await tenant.admin.get<unknown[]>('/users/list')).status).toBe(200);
    expect((await tenant.admin.get(`/users/${tenant.adminSession.user.id}`)).body).toMatchObject({
      id: tenant.adminSession.user.id,
      queues: expect.any(Array),
    });
    const contacts = await tenant.admin.get<{ contacts: Array<{ name: string }>; hasMore: boolean; count: number }>(
      `/contacts/?${query(page)}`,
    );
    expect(contacts.body).toMatchObject({ hasMore: false, count: 1 });
    expect(contacts.body.contacts[0]?.name).toBe('Carla');
    expect((await tenant.admin.get<QueueView[]>('/queue')).body.map((q) => q.id)).toContain(queue.id);
    expect((await tenant.admin.get<Array<{ key: string }>>('/settings/')).body.length).toBeGreaterThan(0);
    expect((await tenant.admin.get(`/announcements/?${query(page)}`)).body).toMatchObject({
      records: expect.any(Array),
      hasMore: expect.any(Boolean),
    });
    expect(await tenant.admin.get(`/chats/?${query(page)}`)).toMatchObject({ status: 200, body: { records: [], hasMore: false } });
  });

  it('schedules: the list’s items carry contact and user `{id, name}` (its page reads schedule.contact.name)', async () => {
    const sendAt = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const created = await tenant.admin.post<{ id: number }>('/schedules', {
      body: 'Lembrete da consulta',
      contactId: ticket.contactId,
      sendAt,
      userId: tenant.adminSession.user.id,
    });
    expect(created.status).toBe(201);
    const page = await tenant.admin.get<SchedulesPageView>(`/schedules/?${query({ searchParam: '', pageNumber: 1 })}`);
    expect(page.status).toBe(200);
    expect(page.body.schedules.find((s) => s.id === created.body.id)).toMatchObject({
      contact: { id: ticket.contactId, name: 'Carla' },
      user: { id: tenant.adminSession.user.id, name: tenant.adminSession.user.name },
    });
  });

  it('Financeiro: GET /invoices/all answers a plain array (it calls t.forEach on it); our web app asks for the page with paged=true', async () => {
    await env.stack.apps.billing!.get(InvoiceIssuer).issueDue();
    const all = await tenant.admin.get<InvoiceView[]>('/invoices/all');
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body).toEqual([expect.objectContaining({ companyId: tenant.companyId, status: 'open' })]);
    const paged = await tenant.admin.get<{ invoices: InvoiceView[]; count: number; hasMore: boolean }>(
      '/invoices/all?pageNumber=1&paged=true',
    );
    expect(paged.body).toMatchObject({ invoices: [{ id: all.body[0]!.id }], count: 1, hasMore: false });
  });

  it('contact lists: after an import, `ContactListItem-{listId}` reload carries the records its page merges', async () => {
    const list = await tenant.admin.post<{ id: number }>('/contact-lists', { name: 'Clientes importados' });
    expect(list.status).toBe(201);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['nome', 'numero'],
        ['Ana Souza', '5511955561001'],
        ['Bruno Lima', '5511955561002'],
      ]),
      'Contatos',
    );
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]), 'contatos.xlsx');
    expect((await tenant.admin.request('POST', `/contact-lists/${list.body.id}/upload`, upload)).status).toBeLessThan(300);
    const reload = await polling.nextWhere<ContactListItemEventPayload>(
      `company-${tenant.companyId}-ContactListItem-${list.body.id}`,
      (p) => p.action === 'reload',
      30_000,
    );
    expect(reload.action === 'reload' && reload.records.map((r) => r.name)).toEqual(['Ana Souza', 'Bruno Lima']);
  });

  it('internal chat: a new chat arrives on `chat-user-{userId}`; a new message’s `newMessage.chat.users` is there', async () => {
    const colleague = await createAgent(env.stack, tenant, { name: 'Dani Colega' });
    const adminId = tenant.adminSession.user.id;
    // its dialog sends the picked users as objects
    const chat = await tenant.admin.post<ChatView>('/chats', { title: 'Plantão', users: [{ id: colleague.user.id, name: 'Dani Colega' }] });
    expect(chat.status).toBe(201);
    const created = await polling.nextWhere<ChatEventPayload>(
      `company-${tenant.companyId}-chat-user-${adminId}`,
      (p) => p.action === 'create',
    );
    expect(created).toMatchObject({ action: 'create', record: { id: chat.body.id, title: 'Plantão' } });
    expect((await tenant.admin.post(`/chats/${chat.body.id}/messages`, { message: 'Bom dia, time' })).status).toBeLessThan(300);
    const message = await polling.nextWhere<ChatEventPayload>(
      `company-${tenant.companyId}-chat-${chat.body.id}`,
      (p) => p.action === 'new-message',
    );
    const users = message.action === 'new-message' ? message.newMessage.chat.users : [];
    expect(users.map((u) => u.userId).sort((a, b) => a - b)).toEqual([adminId, colleague.user.id].sort((a, b) => a - b));
  });

  it('tags: `color: ""` (its dialog’s default) is a tag with the default colour, not a 400', async () => {
    const tag = await tenant.admin.post<{ id: number; color: string }>('/tags', { name: 'Sem cor', color: '', kanban: 0 });
    expect(tag.status).toBe(201);
    expect(tag.body.color).toBe('#A4CCCC');
    expect((await tenant.admin.put<{ color: string }>(`/tags/${tag.body.id}`, { name: 'Sem cor', color: '', kanban: 0 })).body.color).toBe(
      '#A4CCCC',
    );
  });

  it('files: the `company-{id}-file` event carries `files` (the old page) besides `fileList`', async () => {
    const saved = await tenant.admin.post<{ id: number }>('/files', { name: 'Catálogo', message: 'Segue o catálogo', options: [] });
    expect(saved.status).toBeLessThan(300);
    const created = await polling.nextWhere<FileListEventPayload>(`company-${tenant.companyId}-file`, (p) => p.action === 'create');
    expect(created).toMatchObject({ files: { id: saved.body.id, name: 'Catálogo' }, fileList: { id: saved.body.id } });
    expect((await tenant.admin.put(`/files/${saved.body.id}`, { name: 'Catálogo 2', message: 'Segue', options: [] })).status).toBe(200);
    const updated = await polling.nextWhere<FileListEventPayload>(`company-${tenant.companyId}-file`, (p) => p.action === 'update');
    expect(updated).toMatchObject({ files: { id: saved.body.id, name: 'Catálogo 2' } });
  });

  it('the `company-{id}-user` update carries `company` (its dashboard greets "Bem vindo a {company.name}")', async () => {
    const me = tenant.adminSession.user;
    // its user dialog sends the whole form
    const saved = await tenant.admin.put(`/users/${me.id}`, {
      name: 'Admin Renomeado',
      email: me.email,
      profile: 'admin',
      queueIds: [],
      whatsappId: '',
      allTicket: 'desabled',
    });
    expect(saved.status).toBe(200);
    const event = await polling.nextWhere<UserEventPayload>(
      `company-${tenant.companyId}-user`,
      (p) => p.action === 'update' && p.user.id === me.id && p.user.name === 'Admin Renomeado',
    );
    expect(event.action === 'update' && event.user.company).toMatchObject({ id: tenant.companyId, name: me.company.name });
  });

  it('resolves the ticket; the polling socket hears the update', async () => {
    const closed = await tenant.admin.put<TicketView>(`/tickets/${ticket.id}`, {
      status: 'closed',
      userId: tenant.adminSession.user.id,
      queueId: queue.id,
    });
    expect(closed.body.status).toBe('closed');
    await polling.nextWhere<{ action: string; ticket?: TicketView }>(
      `company-${tenant.companyId}-ticket`,
      (p) => p.action === 'update' && p.ticket?.id === ticket.id && p.ticket.status === 'closed',
    );
  });
});
