import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MessagesPageView, MessageView, QuickMessageView, TicketView, WhatsappView } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import type { ApiClient } from '../api-client.js';
import { ticketAppears } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972008001';
const CUSTOMERS = ['5511987008001', '5511987008002'];
/** A key segment the owning service made: a random id and the extension, nothing of the client's name. */
const SERVER_SEGMENT = /^[0-9a-f]{32}\.png$/;

/** The bytes of a stored file as the web app reads it (bearer token on /public/<key>). */
async function download(client: ApiClient, mediaUrl: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(client.baseUrl + mediaUrl, { headers: { authorization: `Bearer ${client.token}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * Issue 9 item 4 and issue 10: storage keys come from ids the service that owns the file makes,
 * never from a client's file name, which is kept only as the message's metadata. A '/' or '..' in
 * a customer's or an agent's file name cannot make two files share a key.
 */
describe('security: storage keys', () => {
  let env: SessionsStack;
  let storageDir: string;
  let tenant: Tenant;
  let socket: SocketRecorder;
  let connection: WhatsappView;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-storage-keys-'));
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'], env: { STORAGE_DIR: storageDir } });
    tenant = await signUpTenant(env.stack);
    socket = await socketOf(env.stack, tenant.admin);
    connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS);
  });
  afterAll(async () => {
    socket?.close();
    await env.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  const png = (marker: number) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`customer file ${marker}`)]);

  it('keeps two customers’ files whose names hold "/" and ".." apart, both readable under their names', async () => {
    const names = ['fotos/../contrato.png', 'outra/pasta/contrato.png'];
    const tickets: TicketView[] = [];
    for (const [i, customer] of CUSTOMERS.entries()) {
      const media = { mimetype: 'image/png', filename: names[i], base64: png(i).toString('base64') };
      expect((await sandboxCall(env.sandbox, 'POST', '/messages', { from: customer, to: BUSINESS, body: '', media })).status).toBe(201);
      tickets.push(await ticketAppears(tenant.admin, (t) => t.contact.number === customer));
    }
    const files: MessageView[] = [];
    for (const ticket of tickets) {
      let photo: MessageView | undefined;
      await eventually(async () => {
        photo = (await tenant.admin.get<MessagesPageView>(`/messages/${ticket.id}?markRead=false`)).body.messages.find((m) => m.mediaUrl);
        return photo !== undefined;
      });
      files.push(photo!);
    }
    expect(files.map((file) => file.mediaName)).toEqual(names);
    const [first, second] = files.map((file) => file.mediaUrl!);
    expect(first).not.toBe(second);
    for (const url of [first!, second!]) {
      expect(url).toMatch(new RegExp(`^/public/whatsapp/${tenant.companyId}/${connection.id}/`));
      expect(url.split('/').pop()).toMatch(SERVER_SEGMENT);
    }
    expect(await download(tenant.admin, first!)).toEqual({ status: 200, bytes: png(0) });
    expect(await download(tenant.admin, second!)).toEqual({ status: 200, bytes: png(1) });
  });

  it('stores agents’ uploads under keys of the tickets service, whatever they are named, and leaves none in the temporary area', async () => {
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === CUSTOMERS[0]);
    const sent: MessageView[] = [];
    for (const marker of [10, 11]) {
      const form = new FormData();
      form.append('medias', new Blob([png(marker)], { type: 'image/png' }), '../../mesmo/nome.png');
      const response = await tenant.admin.post<MessageView[]>(`/messages/${ticket.id}`, form);
      expect(response.status).toBe(201);
      sent.push(response.body[0]!);
    }
    const [first, second] = sent.map((message) => message.mediaUrl!);
    expect(first).not.toBe(second);
    for (const url of [first!, second!]) {
      expect(url).toMatch(new RegExp(`^/public/tickets/${tenant.companyId}/${ticket.id}/`));
      expect(url.split('/').pop()).toMatch(SERVER_SEGMENT);
    }
    expect(sent.map((message) => message.mediaName)).toEqual(['nome.png', 'nome.png']);
    expect(await download(tenant.admin, first!)).toEqual({ status: 200, bytes: png(10) });
    expect(await download(tenant.admin, second!)).toEqual({ status: 200, bytes: png(11) });

    const quick = (await tenant.admin.post<QuickMessageView>('/quick-messages', { shortcode: 'anexo', message: 'segue', geral: true }))
      .body;
    const form = new FormData();
    form.append('file', new Blob([png(12)], { type: 'image/png' }), 'a/b/anexo.png');
    const attached = await tenant.admin.post<QuickMessageView>(`/quick-messages/${quick.id}/media-upload`, form);
    expect(attached.status).toBe(201);
    expect(attached.body.mediaPath).toMatch(new RegExp(`^quick-messages/${tenant.companyId}/${quick.id}/[0-9a-f]{32}\\.png$`));

    expect(await readdir(path.join(storageDir, 'uploads', String(tenant.companyId)))).toEqual([]);
  });

  it('refuses to send or claim a file the gateway did not upload for this company', async () => {
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === CUSTOMERS[1]);
    // an upload key is never served, nor re-sent as a stored file
    const key = `uploads/${tenant.companyId}/${'0'.repeat(32)}.png`;
    expect((await download(tenant.admin, `/public/${key}`)).status).toBe(403);
    expect(await tenant.admin.post(`/messages/${ticket.id}`, { body: 'x', mediaUrl: `/public/${key}` })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'mediaUrl' })] },
    });
  });
});
