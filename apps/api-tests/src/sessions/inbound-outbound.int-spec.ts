import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inboundSubject, type OutboundCommandType, type WhatsappView } from '@atrium/contracts';
import { SessionsChannel, type OutboundCommand } from '@atrium/kernel';
import type { RpcClient } from '@atrium/messaging';
import { LocalDiskStorage } from '@atrium/storage';
import { eventually } from '../nats-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import type { Tenant } from '../tenants.js';
import { InboundTap } from './inbound-tap.js';
import {
  connectSandboxNumber,
  nextSession,
  sandboxCall,
  sessionsTenant,
  startSessionsStack,
  type SessionsStack,
  type SessionsTenant,
} from './sessions-fixtures.js';

const BUSINESS = '5511971000001';
const CUSTOMER = '5511987001001';
const GAP_MS = 150;

describe('inbound stream and outbound commands through the sandbox', () => {
  let env: SessionsStack;
  let storageDir: string;
  let company: SessionsTenant;
  let tenant: Tenant;
  let socket: SocketRecorder;
  let connection: WhatsappView;
  let tap: InboundTap;
  let rpc: RpcClient;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-sessions-'));
    env = await startSessionsStack({ env: { STORAGE_DIR: storageDir, SEND_MIN_GAP_MS: String(GAP_MS) } });
    company = await sessionsTenant(env.stack, 2);
    ({ tenant, socket, tap, rpc } = company);
    connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS);
  });
  afterAll(async () => {
    await company.close();
    await env.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  const customerSends = (body: Record<string, unknown>) =>
    sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', { from: CUSTOMER, to: BUSINESS, ...body });
  const command = <T extends OutboundCommandType>(cmd: OutboundCommand<T>, whatsappId = connection.id, companyId = tenant.companyId) =>
    new SessionsChannel(rpc).command(companyId, whatsappId, cmd, 30_000);

  it('publishes a customer’s text once on the durable stream, normalised, with its channel id as de-duplication id', async () => {
    const sent = await customerSends({ pushName: 'Ana Souza', body: 'Olá, tudo bem?' });
    expect(sent.status).toBe(201);
    const tapped = await tap.message(sent.body.id);
    expect(tapped.subject).toBe(tap.prefix + inboundSubject(tenant.companyId, connection.id));
    expect(tapped.msgId).toBe(`${connection.id}:message:${sent.body.id}`);
    expect(tapped.event).toMatchObject({
      type: 'message',
      companyId: tenant.companyId,
      whatsappId: connection.id,
      message: {
        id: sent.body.id,
        chat: { id: CUSTOMER, isGroup: false },
        from: { number: CUSTOMER, lid: null, name: 'Ana Souza' },
        fromMe: false,
        mediaType: 'chat',
        body: 'Olá, tudo bem?',
        media: null,
        quotedId: null,
      },
    });
    // Confirmed to the network only after JetStream stored it: nothing stays pending there.
    await eventually(async () => {
      const sessions = (await sandboxCall<Array<{ number: string; pending: number }>>(env.sandbox, 'GET', '/sessions')).body;
      return sessions.find((s) => s.number === BUSINESS)?.pending === 0;
    });
  });

  it('stores an attachment in object storage before publishing the message', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const sent = await customerSends({
      body: 'a foto',
      media: { mimetype: 'image/png', filename: 'foto de férias.png', base64: png.toString('base64') },
    });
    const { event } = await tap.message(sent.body.id);
    if (event.type !== 'message') throw new Error('not a message');
    expect(event.message).toMatchObject({
      mediaType: 'image',
      body: 'a foto',
      media: { mimetype: 'image/png', filename: 'foto de férias.png', size: png.length },
    });
    const stored = await new LocalDiskStorage(storageDir).get(event.message.media!.path);
    expect(stored).toMatchObject({ size: png.length, contentType: 'image/png' });
    stored!.body.destroy();
    expect(event.message.media!.path).toMatch(new RegExp(`^whatsapp/${tenant.companyId}/${connection.id}/`));
    expect(await readFile(path.join(storageDir, ...event.message.media!.path.split('/')))).toEqual(png);
  });

  it('normalises locations, vcards and quotes', async () => {
    const first = await customerSends({ location: { latitude: -23.55, longitude: -46.63, description: 'Av. Paulista' } });
    const location = (await tap.message(first.body.id)).event;
    expect(location).toMatchObject({
      message: {
        mediaType: 'locationMessage',
        body: '|https://maps.google.com/maps?q=-23.55%2C-46.63&z=17|Av. Paulista',
        location: {
          latitude: -23.55,
          longitude: -46.63,
          link: 'https://maps.google.com/maps?q=-23.55%2C-46.63&z=17',
          description: 'Av. Paulista',
        },
      },
    });
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bruno\nTEL;waid=5511900000002:+55 11 90000-0002\nEND:VCARD';
    const second = await customerSends({ vcard, quotedId: first.body.id });
    expect((await tap.message(second.body.id)).event).toMatchObject({
      message: { mediaType: 'vcard', body: vcard, vcards: [vcard], quotedId: first.body.id },
    });
  });

  it('sends text, media, location and vcards, quoted, and streams their acks as the customer receives and reads them', async () => {
    await new LocalDiskStorage(storageDir).put('tickets/1/note.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const text = await command({ type: 'sendText', to: CUSTOMER, body: 'Como posso ajudar?' });
    expect(text).toMatchObject({ id: expect.any(String), ack: 1 });
    const media = await command({
      type: 'sendMedia',
      to: CUSTOMER,
      body: 'segue o boleto',
      media: { path: 'tickets/1/note.pdf', mimetype: 'application/pdf', filename: 'note.pdf' },
      quotedId: text.id,
    });
    await command({ type: 'sendLocation', to: CUSTOMER, location: { latitude: -22.9, longitude: -43.2, name: 'Loja Centro' } });
    await command({ type: 'sendVcard', to: CUSTOMER, vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Suporte\nEND:VCARD' });

    const received = (await sandboxCall<Array<Record<string, unknown>>>(env.sandbox, 'GET', `/messages?customer=${CUSTOMER}`)).body;
    expect(received).toEqual([
      expect.objectContaining({ id: text.id, from: BUSINESS, body: 'Como posso ajudar?' }),
      expect.objectContaining({
        id: media.id,
        body: 'segue o boleto',
        quotedId: text.id,
        media: { mimetype: 'application/pdf', filename: 'note.pdf', size: 13 },
      }),
      expect.objectContaining({ location: { latitude: -22.9, longitude: -43.2, description: 'Loja Centro' } }),
      expect.objectContaining({ vcard: expect.stringContaining('FN:Suporte') }),
    ]);
    // Sends of one number are paced. The number's gap counts between send starts (see SendPacer); the hop
    // to the recipient jitters by a few ms on a loaded machine, so the recipient side is checked with room
    // for that jitter (unpaced, these four arrive a few ms apart).
    const times = received.map((m) => m.timestamp as number);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(GAP_MS - 30);

    const delivered = await tap.next((e) => e.event.type === 'ack' && e.event.messageId === text.id && e.event.ack === 2);
    expect(delivered.event).toMatchObject({ chatId: CUSTOMER });
    await sandboxCall(env.sandbox, 'POST', `/messages/${text.id}/read`);
    await tap.next((e) => e.event.type === 'ack' && e.event.messageId === text.id && e.event.ack === 3);
  });

  it('edits and deletes a sent message, marks read, checks numbers and fetches profile pictures', async () => {
    const sent = await command({ type: 'sendText', to: CUSTOMER, body: 'Promoçao' });
    expect(await command({ type: 'edit', to: CUSTOMER, messageId: sent.id, body: 'Promoção' })).toMatchObject({ id: sent.id });
    const other = await command({ type: 'sendText', to: CUSTOMER, body: 'engano' });
    expect(await command({ type: 'delete', to: CUSTOMER, messageId: other.id })).toEqual({ ok: true });
    const listed = (await sandboxCall<Array<Record<string, unknown>>>(env.sandbox, 'GET', `/messages?customer=${CUSTOMER}`)).body;
    expect(listed.find((m) => m.id === sent.id)).toMatchObject({ body: 'Promoção', edited: true });
    expect(listed.find((m) => m.id === other.id)).toMatchObject({ deleted: true });

    expect(await command({ type: 'markRead', to: CUSTOMER, messageIds: ['X1'] })).toEqual({ ok: true });
    expect(await command({ type: 'checkNumber', number: '5511987001002' })).toEqual({ exists: true, chatId: '5511987001002' });
    await sandboxCall(env.sandbox, 'PUT', '/numbers/5511987001003', { onWhatsApp: false });
    expect(await command({ type: 'checkNumber', number: '5511987001003' })).toEqual({ exists: false, chatId: null });
    expect(await command({ type: 'profilePicture', to: CUSTOMER })).toEqual({ url: `${env.sandbox.url}/avatars/${CUSTOMER}.svg` });
  });

  it('lists the phone’s address book: who wrote to it and who was seeded in the sandbox', async () => {
    expect(
      await sandboxCall(env.sandbox, 'PUT', `/sessions/${BUSINESS}/contacts`, {
        contacts: [{ number: '5511987001009', name: 'Zeca Agenda' }],
      }),
    ).toMatchObject({ status: 200 });
    expect(await sandboxCall(env.sandbox, 'PUT', `/sessions/${BUSINESS}/contacts`, { contacts: [{ number: '12' }] })).toMatchObject({
      status: 400,
    });
    const { contacts } = await command({ type: 'listContacts' });
    expect(contacts).toEqual(
      expect.arrayContaining([
        { number: CUSTOMER, lid: null, name: 'Ana Souza' },
        { number: '5511987001009', lid: null, name: 'Zeca Agenda' },
      ]),
    );
  });

  it('answers the spec’s error codes', async () => {
    await sandboxCall(env.sandbox, 'PUT', '/numbers/5511987001004', { onWhatsApp: false });
    await expect(command({ type: 'sendText', to: '5511987001004', body: 'oi' })).rejects.toMatchObject({
      code: 'ERR_WAPP_INVALID_CONTACT',
    });
    await expect(command({ type: 'delete', to: CUSTOMER, messageId: 'NOT-MINE' })).rejects.toMatchObject({ code: 'ERR_FETCH_WAPP_MSG' });
    await expect(command({ type: 'sendText', to: CUSTOMER })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await expect(
      command({ type: 'sendMedia', to: CUSTOMER, media: { path: '../etc/passwd', mimetype: 'text/plain', filename: 'x' } }),
    ).rejects.toMatchObject({
      code: 'ERR_WAPP_DOWNLOAD_MEDIA',
    });
    await expect(command({ type: 'sendText', to: CUSTOMER, body: 'x' }, 999_999)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    await expect(command({ type: 'sendText', to: CUSTOMER, body: 'x' }, connection.id, tenant.companyId + 1000)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    });

    const idle = (await tenant.admin.post<WhatsappView>('/whatsapp', { name: 'Idle', provider: 'sandbox' })).body;
    await nextSession(socket, tenant.companyId, idle.id, (s) => s.status === 'qrcode');
    await expect(command({ type: 'sendText', to: CUSTOMER, body: 'x' }, idle.id)).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
    await tenant.admin.delete(`/whatsappsession/${idle.id}`);
    await expect(command({ type: 'sendText', to: CUSTOMER, body: 'x' }, idle.id)).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
    await tenant.admin.delete(`/whatsapp/${idle.id}`);
  });

  it('streams customer edits, deletions and calls', async () => {
    const sent = await customerSends({ body: 'pedido 123' });
    await tap.message(sent.body.id);
    await sandboxCall(env.sandbox, 'POST', `/messages/${sent.body.id}/edit`, { body: 'pedido 124' });
    expect((await tap.next((e) => e.event.type === 'edit' && e.event.messageId === sent.body.id)).event).toMatchObject({
      body: 'pedido 124',
      chatId: CUSTOMER,
    });
    await sandboxCall(env.sandbox, 'DELETE', `/messages/${sent.body.id}`);
    await tap.next((e) => e.event.type === 'revoke' && e.event.messageId === sent.body.id);
    const call = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/calls', { from: CUSTOMER, to: BUSINESS, isVideo: true });
    const tapped = await tap.next((e) => e.event.type === 'call');
    expect(tapped.event).toMatchObject({
      call: { id: call.body.id, chatId: CUSTOMER, from: { number: CUSTOMER }, isVideo: true, status: 'offer' },
    });
    expect(await command({ type: 'rejectCall', callId: call.body.id, to: CUSTOMER })).toEqual({ ok: true });
  });

  it('delivers what customers wrote while the connection was down once it is back, in order', async () => {
    await sandboxCall(env.sandbox, 'POST', `/sessions/${BUSINESS}/drop`);
    const ids: string[] = [];
    for (const body of ['um', 'dois', 'três']) ids.push((await customerSends({ body })).body.id);
    for (const id of ids) await tap.message(id);
    const order = tap.events
      .filter((e) => e.event.type === 'message' && ids.includes(e.event.message.id))
      .map((e) => (e.event.type === 'message' ? e.event.message.id : ''));
    expect(order).toEqual(ids);
  });
});
