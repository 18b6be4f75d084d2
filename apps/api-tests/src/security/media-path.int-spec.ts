import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppMessageEventPayload, MessageView, QuickMessageView } from '@atrium/contracts';
import type { ApiClient } from '../api-client.js';
import {
  connectSandboxNumber,
  sandboxCall,
  startSessionsStack,
  tenantWithSocket,
  type SessionsStack,
} from '../sessions/sessions-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { createAgent, createQueue, type Agent } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972000301';
const CUSTOMER = '5511987003001';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

interface RawAnswer {
  status: number;
  body: Buffer;
}

/**
 * A GET with the path exactly as written: fetch() would normalise dot segments, double slashes
 * and letter case of escapes before sending, which is what an attacker does not do.
 */
function rawGet(baseUrl: string, rawPath: string, token?: string, method = 'GET'): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { hostname, port, path: rawPath, method, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Every spelling of `/public/<key>` an attacker may try: letter case, escapes, double slashes, dot segments. */
function spellingsOf(key: string): string[] {
  const [root, ...rest] = key.split('/');
  const tail = rest.join('/');
  const escapedRoot = [...root!].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  return [
    `/PUBLIC/${key}`,
    `/Public/${key}`,
    `/pUbLiC/${key}`,
    `/%70ublic/${key}`,
    `/%50UBLIC/${key}`,
    `/public%2F${key}`,
    `/public/${key.replace(/\//g, '%2F')}`,
    `/PUBLIC/${key.replace(/\//g, '%2f')}`,
    `/public/${escapedRoot}/${tail}`,
    `/public/${root!.toUpperCase()}/${tail}`,
    `//public/${key}`,
    `/public//${key}`,
    `/PUBLIC//${key}`,
    `/public/./${key}`,
    `/Public/./${key}`,
    `/public/announcements/../${key}`,
    `/PUBLIC/announcements/../${key}`,
    `/public/announcements/%2e%2e/${key}`,
    `/public/${root}/./${tail}`,
    `/public/${key}/`,
    `/PUBLIC/${key}?token=`,
  ];
}

/**
 * Issue 9 item 1: conversation media under /public need a login of the file's company that may
 * see its ticket, whatever the spelling of the path the router accepts (letter case, escapes,
 * double slashes, dot segments). No spelling serves the file to an anonymous client, another
 * company or an agent who cannot see the ticket; the spellings the router serves as /public give
 * the same answers as /public itself.
 */
describe('security: private media paths', () => {
  let env: SessionsStack;
  let storageDir: string;
  let tenant: Tenant;
  let adminSocket: SocketRecorder;
  let otherTenant: Tenant;
  let viewer: Agent;
  let outsider: Agent;
  let photoKey: string;
  let attachmentKey: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-media-path-'));
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'], env: { STORAGE_DIR: storageDir } });
    ({ tenant, socket: adminSocket } = await tenantWithSocket(env.stack, { connections: 1, queues: 3 }));
    const connection = await connectSandboxNumber(env, tenant.admin, adminSocket, tenant.companyId, BUSINESS);
    const sales = await createQueue(tenant, 'Vendas');
    const support = await createQueue(tenant, 'Suporte');
    expect((await tenant.admin.put(`/whatsapp/${connection.id}`, { queueIds: [sales.id] })).status).toBe(200);
    viewer = await createAgent(env.stack, tenant, { queueIds: [sales.id] });
    outsider = await createAgent(env.stack, tenant, { queueIds: [support.id] });
    otherTenant = await signUpTenant(env.stack);

    const sent = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
      from: CUSTOMER,
      to: BUSINESS,
      pushName: 'Cliente',
      body: 'foto',
      media: { mimetype: 'image/png', filename: 'foto.png', base64: PNG.toString('base64') },
    });
    expect(sent.status).toBe(201);
    const event = await adminSocket.nextWhere<AppMessageEventPayload>(
      `company-${tenant.companyId}-appMessage`,
      (p) => p.message.wid === sent.body.id,
    );
    photoKey = mediaKey(event.message);
    // the photo's ticket is in the viewer's queue, not the outsider's
    expect((await rawGet(env.stack.url, `/public/${photoKey}`, viewer.client.token)).status).toBe(200);
    expect((await rawGet(env.stack.url, `/public/${photoKey}`, outsider.client.token)).status).toBe(403);

    const quick = (await tenant.admin.post<QuickMessageView>('/quick-messages', { shortcode: 'tabela', message: 'Tabela' })).body;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 tabela')], { type: 'application/pdf' }), 'tabela.pdf');
    const saved = await tenant.admin.post<QuickMessageView>(`/quick-messages/${quick.id}/media-upload`, form);
    expect(saved.status).toBe(201);
    attachmentKey = mediaKey(saved.body);
  });
  afterAll(async () => {
    adminSocket?.close();
    await env?.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  function mediaKey(view: Pick<MessageView | QuickMessageView, 'mediaUrl'>): string {
    expect(view.mediaUrl).toMatch(/^\/public\//);
    return view.mediaUrl!.slice('/public/'.length);
  }

  /** Asks every spelling; answers [spelling, status] of those that handed out the file's bytes. */
  async function leaks(key: string, client: ApiClient | undefined, bytes: Buffer): Promise<Array<[string, number]>> {
    const leaked: Array<[string, number]> = [];
    for (const spelling of spellingsOf(key)) {
      const answer = await rawGet(env.stack.url, spelling, client?.token);
      if (answer.status === 200 || answer.body.includes(bytes)) leaked.push([spelling, answer.status]);
    }
    return leaked;
  }

  it('serves a customer’s photo under no spelling to an anonymous client, another company or an agent who cannot see its ticket', async () => {
    expect(await leaks(photoKey, undefined, PNG)).toEqual([]);
    expect(await leaks(photoKey, otherTenant.admin, PNG)).toEqual([]);
    expect(await leaks(photoKey, outsider.client, PNG)).toEqual([]);
  });

  it('answers HEAD as GET: no file size or type for a client who may not read the file', async () => {
    for (const prefix of ['/public', '/PUBLIC']) {
      expect([prefix, (await rawGet(env.stack.url, `${prefix}/${photoKey}`, undefined, 'HEAD')).status]).toEqual([prefix, 401]);
      expect([prefix, (await rawGet(env.stack.url, `${prefix}/${photoKey}`, outsider.client.token, 'HEAD')).status]).toEqual([prefix, 403]);
    }
  });

  it('serves a quick message’s attachment under no spelling to an anonymous client or another company', async () => {
    const bytes = Buffer.from('%PDF-1.4 tabela');
    expect(await leaks(attachmentKey, undefined, bytes)).toEqual([]);
    expect(await leaks(attachmentKey, otherTenant.admin, bytes)).toEqual([]);
  });

  it('gives the other letter cases of /public exactly the answers of /public: 401, 403, or the file to its viewer', async () => {
    for (const prefix of ['/public', '/PUBLIC', '/Public']) {
      const url = `${prefix}/${photoKey}`;
      expect([prefix, (await rawGet(env.stack.url, url)).status]).toEqual([prefix, 401]);
      expect([prefix, (await rawGet(env.stack.url, url, otherTenant.admin.token)).status]).toEqual([prefix, 403]);
      expect([prefix, (await rawGet(env.stack.url, url, outsider.client.token)).status]).toEqual([prefix, 403]);
      const served = await rawGet(env.stack.url, url, viewer.client.token);
      expect([prefix, served.status]).toEqual([prefix, 200]);
      expect(served.body.equals(PNG)).toBe(true);
    }
  });
});
