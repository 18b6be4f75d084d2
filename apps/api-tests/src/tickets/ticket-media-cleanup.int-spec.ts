import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppMessageEventPayload, MessageView, QuickMessageView, TicketView } from '@atrium/contracts';
import { connectSandboxNumber, sandboxCall, startSessionsStack, tenantWithSocket, type SessionsStack } from '../sessions/sessions-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import type { Tenant } from '../tenants.js';

const BUSINESS = '5511972000101';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/**
 * Deleting a ticket, or a contact with its tickets, removes the stored files of the deleted
 * messages from object storage (here the stack's STORAGE_DIR), except files a remaining message
 * still carries and quick-message attachments.
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
  const stored = (mediaUrl: string | null): boolean => existsSync(path.join(storageDir, ...mediaUrl!.replace(/^\/public\//, '').split('/')));

  /** A customer sends a photo: their pending ticket and the message carrying it. */
  async function customerSendsPhoto(customer: string): Promise<{ ticket: TicketView; photo: MessageView }> {
    const media = { mimetype: 'image/png', filename: 'foto.png', base64: PNG.toString('base64') };
    const sent = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', { from: customer, to: BUSINESS, pushName: 'Cliente', body: 'foto', media });
    expect(sent.status).toBe(201);
    const event = await adminSocket.nextWhere<AppMessageEventPayload>(`company-${tenant.companyId}-appMessage`, (p) => p.message.wid === sent.body.id);
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
    const quick = (await tenant.admin.post<QuickMessageView>('/quick-messages', { shortcode: 'catalogo', message: 'Catálogo' })).body;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 catalogo')], { type: 'application/pdf' }), 'catalogo.pdf');
    const attachment = (await tenant.admin.post<QuickMessageView>(`/quick-messages/${quick.id}/media-upload`, form)).body.mediaUrl;
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

  it('deleting a contact removes the files of its tickets’ messages', async () => {
    expect((await tenant.admin.delete(`/contacts/${second.ticket.contactId}`)).status).toBe(200);
    expect(stored(second.photo.mediaUrl)).toBe(false);
    expect(stored(secondOwn.mediaUrl)).toBe(false);
    expect(stored(shared.mediaUrl)).toBe(false);
    expect(await tenant.admin.get(`/tickets/${second.ticket.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  });
});
