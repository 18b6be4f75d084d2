import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppMessageEventPayload, MessageView, QuickMessageView, TicketView } from '@atrium/contracts';
import {
  connectSandboxNumber,
  sandboxCall,
  startSessionsStack,
  tenantWithSocket,
  type SessionsStack,
} from '../sessions/sessions-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import { createAgent, createQueue } from './tickets-fixtures.js';
import type { Tenant } from '../tenants.js';

const BUSINESS = '5511972000101';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/**
 * Deleting a ticket, or a contact with its tickets, removes the stored files of the deleted
 * messages from object storage (here the stack's STORAGE_DIR), except files a remaining message
 * or a quick message still carries. A quick message's attachment outlives the quick message while
 * a sent message carries it, and a send that fails keeps the files of what it did send.
 */
describe('ticket media in object storage', () => {
  let env: SessionsStack;
  let storageDir: string;
  let tenant: Tenant;
  let adminSocket: SocketRecorder;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-media-cleanup-'));
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'], env: { STORAGE_DIR: storageDir } });
    ({ tenant, socket: adminSocket } = await tenantWithSocket(env.stack, { connections: 1 }));
    await connectSandboxNumber(env, tenant.admin, adminSocket, tenant.companyId, BUSINESS);
  });
  afterAll(async () => {
    adminSocket?.close();
    await env?.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  /** Whether the file behind a media URL (`/public/<key>`) is in the store. */
  const stored = (mediaUrl: string | null): boolean =>
    existsSync(path.join(storageDir, ...mediaUrl!.replace(/^\/public\//, '').split('/')));

  /** A customer sends a photo: their pending ticket and the message carrying it. */
  async function customerSendsPhoto(customer: string): Promise<{ ticket: TicketView; photo: MessageView }> {
    const media = { mimetype: 'image/png', filename: 'foto.png', base64: PNG.toString('base64') };
    const sent = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
      from: customer,
      to: BUSINESS,
      pushName: 'Cliente',
      body: 'foto',
      media,
    });
    expect(sent.status).toBe(201);
    const event = await adminSocket.nextWhere<AppMessageEventPayload>(
      `company-${tenant.companyId}-appMessage`,
      (p) => p.message.wid === sent.body.id,
    );
    expect(event.message.mediaUrl).toMatch(/^\/public\/whatsapp\//);
    return { ticket: event.ticket, photo: event.message };
  }

  async function agentUploads(ticketId: number, name: string): Promise<MessageView> {
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), name);
    const sent = await tenant.admin.post<MessageView[]>(`/messages/${ticketId}`, form);
    expect(sent.status).toBe(201);
    return sent.body[0]!;
  }

  async function resends(ticketId: number, mediaUrl: string | null): Promise<MessageView> {
    const sent = await tenant.admin.post<MessageView[]>(`/messages/${ticketId}`, { body: 'de novo', mediaUrl });
    expect(sent.status).toBe(201);
    expect(sent.body[0]!.mediaUrl).toBe(mediaUrl);
    return sent.body[0]!;
  }

  async function quickMessageWith(shortcode: string, file: string): Promise<QuickMessageView> {
    const quick = (await tenant.admin.post<QuickMessageView>('/quick-messages', { shortcode, message: shortcode })).body;
    return attach(quick.id, file);
  }

  async function attach(quickId: number, file: string): Promise<QuickMessageView> {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(`%PDF-1.4 ${file}`)], { type: 'application/pdf' }), file);
    const saved = await tenant.admin.post<QuickMessageView>(`/quick-messages/${quickId}/media-upload`, form);
    expect(saved.status).toBe(201);
    return saved.body;
  }

  let second: { ticket: TicketView; photo: MessageView };
  let shared: MessageView;
  let secondOwn: MessageView;

  it('deleting a ticket removes the files only its messages carried', async () => {
    const first = await customerSendsPhoto('5511987101001');
    second = await customerSendsPhoto('5511987101002');
    const firstOwn = await agentUploads(first.ticket.id, 'so-do-primeiro.png');
    shared = await agentUploads(first.ticket.id, 'compartilhado.png');
    await resends(second.ticket.id, shared.mediaUrl);
    secondOwn = await agentUploads(second.ticket.id, 'do-segundo.png');
    const attachment = (await quickMessageWith('catalogo', 'catalogo.pdf')).mediaUrl;
    await resends(first.ticket.id, attachment);
    for (const url of [first.photo.mediaUrl, firstOwn.mediaUrl, shared.mediaUrl, second.photo.mediaUrl, secondOwn.mediaUrl, attachment]) {
      expect(stored(url)).toBe(true);
    }

    expect((await tenant.admin.delete(`/tickets/${first.ticket.id}`)).status).toBe(200);
    expect(stored(first.photo.mediaUrl)).toBe(false);
    expect(stored(firstOwn.mediaUrl)).toBe(false);
    // still carried by the second ticket's messages, or a quick message's own attachment
    expect(stored(shared.mediaUrl)).toBe(true);
    expect(stored(second.photo.mediaUrl)).toBe(true);
    expect(stored(secondOwn.mediaUrl)).toBe(true);
    expect(stored(attachment)).toBe(true);
    expect((await tenant.admin.get(shared.mediaUrl!)).status).toBe(200);
    expect((await tenant.admin.get(firstOwn.mediaUrl!)).status).not.toBe(200);
  });

  it('lets an agent who sees only the ticket a file was re-sent into read it', async () => {
    const queue = await createQueue(tenant);
    const agent = await createAgent(env.stack, tenant, { queueIds: [queue.id] });
    const unseen = await customerSendsPhoto('5511987101007');
    const seen = await customerSendsPhoto('5511987101008');
    expect((await tenant.admin.put(`/tickets/${seen.ticket.id}`, { queueId: queue.id })).status).toBe(200);
    const own = await agentUploads(unseen.ticket.id, 'de-la.png');
    await resends(seen.ticket.id, own.mediaUrl);

    expect((await agent.client.get(own.mediaUrl!)).status).toBe(200);
    expect(await agent.client.get(unseen.photo.mediaUrl!)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('refuses to re-send a file that is no longer stored', async () => {
    const { ticket, photo } = await customerSendsPhoto('5511987101003');
    expect((await tenant.admin.delete(`/tickets/${ticket.id}`)).status).toBe(200);
    const other = await customerSendsPhoto('5511987101004');
    expect(await tenant.admin.post(`/messages/${other.ticket.id}`, { body: 'de novo', mediaUrl: photo.mediaUrl })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'mediaUrl', messages: ['the file no longer exists'] }] },
    });
  });

  it('keeps a quick message’s former or deleted attachment while a sent message carries it, and removes it otherwise', async () => {
    const { ticket } = await customerSendsPhoto('5511987101005');
    const quick = await quickMessageWith('tabela', 'tabela-2025.pdf');
    const sent = await resends(ticket.id, quick.mediaUrl);

    // replaced: the sent version stays with the message; the replacement was never sent
    const replaced = await attach(quick.id, 'tabela-2026.pdf');
    expect(stored(quick.mediaUrl)).toBe(true);
    expect((await tenant.admin.delete(`/quick-messages/${quick.id}`)).status).toBe(200);
    expect(stored(replaced.mediaUrl)).toBe(false);
    expect(stored(sent.mediaUrl)).toBe(true);
    expect((await tenant.admin.get(sent.mediaUrl!)).status).toBe(200);

    // never sent: removing or replacing the attachment removes its file
    const unsent = await quickMessageWith('folheto', 'folheto.pdf');
    const next = await attach(unsent.id, 'folheto-novo.pdf');
    expect(stored(unsent.mediaUrl)).toBe(false);
    expect((await tenant.admin.delete(`/quick-messages/${unsent.id}/media-upload`)).status).toBe(200);
    expect(stored(next.mediaUrl)).toBe(false);

    // the last message carrying the former attachment goes with its ticket, and so does the file
    expect((await tenant.admin.delete(`/tickets/${ticket.id}`)).status).toBe(200);
    expect(stored(sent.mediaUrl)).toBe(false);
  });

  it('keeps the files of what a failed send did send, and removes the rest of its uploads', async () => {
    const { ticket } = await customerSendsPhoto('5511987101006');
    // the network takes the first file and refuses the second
    expect((await sandboxCall(env.sandbox, 'POST', `/sessions/${BUSINESS}/faults`, { op: 'send', after: 1 })).status).toBe(200);
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'vai.png');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'falha.png');
    expect(await tenant.admin.post(`/messages/${ticket.id}`, form)).toMatchObject({ status: 400, body: { error: 'ERR_SENDING_WAPP_MSG' } });

    const messages = (await tenant.admin.get<{ messages: MessageView[] }>(`/messages/${ticket.id}`)).body.messages;
    const sent = messages.filter((m) => m.mediaUrl?.startsWith(`/public/tickets/`));
    expect(sent.map((m) => m.mediaName)).toEqual(['vai.png']);
    const sentFiles = sent.map((m) => m.mediaUrl!.split('/').pop()!);
    const folder = path.join(storageDir, 'tickets', String(tenant.companyId), String(ticket.id));
    expect(await readdir(folder)).toEqual(sentFiles);
    // nothing is left in the gateway's temporary area either
    expect(await readdir(path.join(storageDir, 'uploads', String(tenant.companyId)))).toEqual([]);
  });

  it('deleting a contact removes the files of its tickets’ messages', async () => {
    expect((await tenant.admin.delete(`/contacts/${second.ticket.contactId}`)).status).toBe(200);
    expect(stored(second.photo.mediaUrl)).toBe(false);
    expect(stored(secondOwn.mediaUrl)).toBe(false);
    expect(stored(shared.mediaUrl)).toBe(false);
    expect(await tenant.admin.get(`/tickets/${second.ticket.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  });
});
