import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SentRecord } from '@atrium/app-meta-sandbox';
import type { InboundAckEvent, InboundMessageEvent, OutboundCommandType, WhatsappView } from '@atrium/contracts';
import { SessionsChannel, type OutboundCommand } from '@atrium/kernel';
import { eventually } from '../nats-fixtures.js';
import { sessionsTenant, tenantWithSocket, type SessionsTenant } from '../sessions/sessions-fixtures.js';
import {
  cloudNumber,
  createCloudConnection,
  metaCall,
  postWebhook,
  startCloudStack,
  type CloudNumber,
  type CloudStack,
} from './cloud-fixtures.js';

const CUSTOMER = '5511987002001';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('WhatsApp Cloud API channel against meta-sandbox (issue 26)', () => {
  let env: CloudStack;
  let storageDir: string;
  let company: SessionsTenant;
  let number: CloudNumber;
  let connection: WhatsappView;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-cloud-'));
    env = await startCloudStack({ env: { STORAGE_DIR: storageDir } });
    company = await sessionsTenant(env.stack, 3);
    number = await cloudNumber(env);
  });
  afterAll(async () => {
    await company?.close();
    await env?.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  const command = <T extends OutboundCommandType>(cmd: OutboundCommand<T>) =>
    new SessionsChannel(company.rpc).command(company.tenant.companyId, connection.id, cmd, 30_000);
  const sentTo = async (to = CUSTOMER) =>
    (await metaCall<{ sent: SentRecord[] }>(env.meta, 'GET', `/_sandbox/sent?phoneNumberId=${number.phoneNumberId}&to=${to}`)).body.sent;
  const customerWrites = (body: Record<string, unknown>, waId = CUSTOMER) =>
    metaCall<{ id: string; webhookStatus: number }>(env.meta, 'POST', `/_sandbox/customers/${waId}/messages`, {
      phoneNumberId: number.phoneNumberId,
      ...body,
    });
  const tapped = async (id: string) => (await company.tap.message(id, 15_000)).event as InboundMessageEvent;

  it('checks the credentials at Meta on create: refused ones are an error and store nothing; good ones connect and show the number', async () => {
    const { admin } = company.tenant;
    const refused = await createCloudConnection(admin, { ...number, accessToken: 'EAAG-wrong-token' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_CLOUD_CREDENTIALS_REFUSED' } });
    const missing = await admin.post('/whatsapp', { name: 'Half', provider: 'cloud', phoneNumberId: number.phoneNumberId });
    expect(missing.status).toBe(400);
    expect((await admin.get<WhatsappView[]>('/whatsapp')).body).toHaveLength(0);

    const created = await createCloudConnection(admin, number);
    expect(created.status).toBe(201);
    connection = created.body;
    expect(connection.provider).toBe('cloud');
    expect(connection.cloud).toMatchObject({
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessTokenHint: `…${number.accessToken.slice(-4)}`,
      appSecretSet: true,
      webhookUrl: expect.stringMatching(/\/webhooks\/whatsapp$/),
      verifyToken: expect.stringMatching(/^[\w-]{20,}$/),
      messagesPerSecond: 80,
      verifiedName: 'Sandbox Business',
      qualityRating: 'GREEN',
      messagingLimitTier: 'TIER_1K',
    });
    // the secrets are never answered
    expect(JSON.stringify(connection)).not.toContain(number.accessToken);
    expect(JSON.stringify(connection)).not.toContain(number.appSecret);
    await eventually(async () => (await admin.get<WhatsappView>(`/whatsapp/${connection.id}`)).body.status === 'CONNECTED', 15_000);
    // another company cannot take the same number
    // (a company of its own, without an inbound tap: closing one deletes the test's stream)
    const other = await tenantWithSocket(env.stack, { connections: 1 });
    try {
      expect(await createCloudConnection(other.tenant.admin, number)).toMatchObject({
        status: 409,
        body: { error: 'ERR_CLOUD_NUMBER_IN_USE' },
      });
    } finally {
      other.socket.close();
    }
  });

  it("answers Meta's verification handshake with the challenge for the connection's verify token only", async () => {
    const verifyToken = connection.cloud!.verifyToken;
    const ok = await fetch(`${env.webhookUrl}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(`${env.webhookUrl}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403);
    expect((await fetch(`${env.webhookUrl}?hub.mode=unsubscribe&hub.verify_token=${verifyToken}&hub.challenge=1`)).status).toBe(403);
  });

  it('stores a signed message with accents and emoji once, with the profile name; unsigned, badly signed or unknown-number deliveries are refused and stored nothing', async () => {
    const text = 'Olá, café às 10h? 🎉👍🏽 ação';
    const sent = await customerWrites({ text, profileName: 'Joana Araújo', delivery: { duplicates: 2 } });
    expect(sent.body.webhookStatus).toBe(200);
    const event = await tapped(sent.body.id);
    expect(event).toMatchObject({
      companyId: company.tenant.companyId,
      whatsappId: connection.id,
      message: {
        id: sent.body.id,
        body: text,
        fromMe: false,
        chat: { id: CUSTOMER, isGroup: false },
        from: { number: CUSTOMER, name: 'Joana Araújo' },
      },
    });

    const payload = (id: string, phoneNumberId = number.phoneNumberId) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: number.wabaId,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
                  contacts: [{ profile: { name: 'X' }, wa_id: CUSTOMER }],
                  messages: [{ from: CUSTOMER, id, timestamp: '1765000000', type: 'text', text: { body: 'não assinado ✅' } }],
                },
              },
            ],
          },
        ],
      });
    expect((await postWebhook(env, payload('wamid.unsigned'), null)).status).toBe(401);
    expect((await postWebhook(env, payload('wamid.badsig'), 'not-the-secret')).status).toBe(403);
    expect((await postWebhook(env, payload('wamid.unknown', '999999999'), number.appSecret)).status).toBe(403);
    expect(
      (
        await metaCall(env.meta, 'POST', '/_sandbox/customers/5511987002002/messages', {
          phoneNumberId: number.phoneNumberId,
          text: 'x',
          delivery: { signature: 'wrong', attempts: 1 },
        })
      ).body,
    ).toMatchObject({ webhookStatus: 403 });
    // a delivery signed right after the refused ones is stored; the refused ones never are
    const good = await postWebhook(env, payload('wamid.signed-after'), number.appSecret);
    expect(good.status).toBe(200);
    await tapped('wamid.signed-after');
    const ids = company.tap.events.flatMap(({ event }) => (event.type === 'message' ? [event.message.id] : []));
    expect(ids.filter((id) => id === sent.body.id)).toHaveLength(1);
    expect(ids).not.toEqual(expect.arrayContaining(['wamid.unsigned']));
    expect(ids.filter((id) => ['wamid.unsigned', 'wamid.badsig', 'wamid.unknown'].includes(id))).toEqual([]);
    // the same message delivered again later (Meta's retry) is the same event: not stored twice
    expect((await postWebhook(env, payload('wamid.signed-after'), number.appSecret)).status).toBe(200);
    expect(await company.tap.storedCount()).toBe(company.tap.events.length);
  });

  it('normalises every message type of every change, and fetches media through the Graph API into object storage', async () => {
    const image = await customerWrites({
      type: 'image',
      caption: 'foto do pedido',
      media: { base64: PNG.toString('base64'), mimetype: 'image/png' },
    });
    const imageEvent = await tapped(image.body.id);
    expect(imageEvent.message).toMatchObject({
      mediaType: 'image',
      body: 'foto do pedido',
      media: { mimetype: 'image/png', size: PNG.length },
    });
    expect(await readFile(path.join(storageDir, imageEvent.message.media!.path))).toEqual(PNG);

    const voice = await customerWrites({
      type: 'audio',
      media: { base64: Buffer.from('OggS-voice').toString('base64'), mimetype: 'audio/ogg; codecs=opus', voice: true },
    });
    expect((await tapped(voice.body.id)).message).toMatchObject({ mediaType: 'audio', media: { size: 10 } });
    const document = await customerWrites({
      type: 'document',
      media: { base64: Buffer.from('%PDF-1.4').toString('base64'), mimetype: 'application/pdf', filename: 'boleto.pdf' },
    });
    expect((await tapped(document.body.id)).message).toMatchObject({
      mediaType: 'application',
      body: 'boleto.pdf',
      media: { filename: 'boleto.pdf' },
    });

    const location = await customerWrites({
      type: 'location',
      location: { latitude: -23.56, longitude: -46.65, name: 'Loja', address: 'Av. Paulista' },
    });
    expect((await tapped(location.body.id)).message).toMatchObject({
      mediaType: 'locationMessage',
      location: { latitude: -23.56, longitude: -46.65, description: 'Loja - Av. Paulista' },
    });
    const contacts = await customerWrites({
      type: 'contacts',
      contacts: [{ name: { formatted_name: 'Maria Lima' }, phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678' }] }],
    });
    expect((await tapped(contacts.body.id)).message).toMatchObject({
      mediaType: 'vcard',
      vcards: [expect.stringContaining('FN:Maria Lima')],
    });
    const reply = await customerWrites({ type: 'interactive', interactive: { type: 'list_reply', id: '2', title: 'Financeiro' } });
    expect((await tapped(reply.body.id)).message).toMatchObject({ body: '2' });
    const button = await customerWrites({ type: 'button', button: { text: 'Sim, confirmar', payload: 'yes' } });
    expect((await tapped(button.body.id)).message).toMatchObject({ body: 'Sim, confirmar' });
    const reaction = await customerWrites({ type: 'reaction', reaction: { message_id: image.body.id, emoji: '❤️' } });
    expect((await tapped(reaction.body.id)).message).toMatchObject({ body: '❤️', quotedId: image.body.id });
    const unsupported = await customerWrites({ type: 'poll' });
    expect((await tapped(unsupported.body.id)).message.body).toMatch(/^\[unsupported message: 131051/);

    // two changes of two entries in one delivery: both taken
    const value = (id: string) => ({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '1', phone_number_id: number.phoneNumberId },
      messages: [{ from: CUSTOMER, id, timestamp: '1765000001', type: 'text', text: { body: id } }],
    });
    const both = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { id: number.wabaId, changes: [{ field: 'messages', value: value('wamid.first-change') }] },
        { id: number.wabaId, changes: [{ field: 'messages', value: value('wamid.second-change') }] },
      ],
    });
    expect((await postWebhook(env, both, number.appSecret)).status).toBe(200);
    await tapped('wamid.first-change');
    await tapped('wamid.second-change');
  });

  it('sends text with a quote, media by upload, location, contacts, reactions, menus, templates and read marks as Meta documents them', async () => {
    const text = await command({ type: 'sendText', to: CUSTOMER, body: 'Bom dia! https://atrium.example', quotedId: 'wamid.quoted' });
    expect(text).toMatchObject({ id: expect.stringMatching(/^wamid\./), ack: 1 });
    const media = await command({ type: 'sendLocation', to: CUSTOMER, location: { latitude: 1.5, longitude: 2.5, name: 'Sede' } });
    expect(media.id).toMatch(/^wamid\./);
    await command({
      type: 'sendVcard',
      to: CUSTOMER,
      vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Suporte\nTEL;type=CELL;waid=5511900000000:+55 11 90000-0000\nEND:VCARD',
    });
    await command({ type: 'sendReaction', to: CUSTOMER, messageId: 'wamid.quoted', emoji: '👍' });
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i + 1), title: `Opção ${i + 1}` }));
    await command({ type: 'sendMenu', to: CUSTOMER, menu: { body: 'Escolha', options: options(2) } });
    await command({ type: 'sendMenu', to: CUSTOMER, menu: { body: 'Escolha', buttonText: 'Ver opções', options: options(7) } });
    await command({ type: 'sendMenu', to: CUSTOMER, menu: { body: 'Escolha', options: options(11) } });
    await command({
      type: 'sendTemplate',
      to: CUSTOMER,
      template: { name: 'pedido_pronto', language: 'pt_BR', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }] },
    });
    await command({ type: 'markRead', to: CUSTOMER, messageIds: ['wamid.a', 'wamid.b'] });

    const sent = await sentTo();
    const bodies = sent.map((record) => record.body as unknown as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({
      messaging_product: 'whatsapp',
      to: CUSTOMER,
      type: 'text',
      context: { message_id: 'wamid.quoted' },
      text: { body: 'Bom dia! https://atrium.example', preview_url: true },
    });
    expect(bodies[1]).toMatchObject({ type: 'location', location: { latitude: 1.5, longitude: 2.5, name: 'Sede' } });
    expect(bodies[2]).toMatchObject({
      type: 'contacts',
      contacts: [{ name: { formatted_name: 'Suporte' }, phones: [{ wa_id: '5511900000000' }] }],
    });
    expect(bodies[3]).toMatchObject({ type: 'reaction', reaction: { message_id: 'wamid.quoted', emoji: '👍' } });
    expect(bodies[4]).toMatchObject({
      type: 'interactive',
      interactive: { type: 'button', action: { buttons: [{ reply: { id: '1', title: 'Opção 1' } }, { reply: { id: '2' } }] } },
    });
    expect(bodies[5]).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'list',
        action: { button: 'Ver opções', sections: [{ rows: expect.arrayContaining([{ id: '7', title: 'Opção 7' }]) }] },
      },
    });
    expect(bodies[6]).toMatchObject({ type: 'text', text: { body: expect.stringContaining('*11* - Opção 11') } });
    expect(bodies[7]).toMatchObject({
      type: 'template',
      template: { name: 'pedido_pronto', language: { code: 'pt_BR' }, components: [{ type: 'body' }] },
    });
    expect(sent).toHaveLength(8);
  });

  it("maps each of Meta's error codes: window closed and undeliverable refused; 130429 and 131056 retried and sent once", async () => {
    const before = (await sentTo()).length;
    const error = (code: number, count = 1) =>
      metaCall(env.meta, 'POST', '/_sandbox/errors', { phoneNumberId: number.phoneNumberId, code, count });
    await error(131047);
    await expect(command({ type: 'sendText', to: CUSTOMER, body: 'fora da janela' })).rejects.toMatchObject({
      code: 'ERR_WAPP_WINDOW_CLOSED',
    });
    await error(131026);
    await expect(command({ type: 'sendText', to: CUSTOMER, body: 'sem entrega' })).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
    await error(130429, 2);
    await command({ type: 'sendText', to: CUSTOMER, body: 'depois do limite' });
    await error(131056, 1);
    await command({ type: 'sendText', to: CUSTOMER, body: 'depois do par' });
    const sent = (await sentTo()).slice(before).map((record) => (record.body as { text?: { body: string } }).text?.body);
    expect(sent).toEqual(['depois do limite', 'depois do par']);
  });

  it("turns statuses into acks, out of order as Meta sends them, with a failure's code and title", async () => {
    const statuses = (messageId: string, list: string[], errorCode?: number) =>
      metaCall(env.meta, 'POST', '/_sandbox/statuses', {
        phoneNumberId: number.phoneNumberId,
        messageId,
        to: CUSTOMER,
        statuses: list,
        errorCode,
      });
    await statuses('wamid.business-1', ['read', 'delivered', 'sent']);
    await statuses('wamid.business-2', ['failed'], 131026);
    const found = () =>
      company.tap.events.flatMap(({ event }) =>
        event.type === 'ack' && event.messageId.startsWith('wamid.business-') ? [event as InboundAckEvent] : [],
      );
    await eventually(async () => found().length >= 4, 10_000);
    const acks = found();
    expect(acks.map((ack) => [ack.messageId, ack.ack])).toEqual([
      ['wamid.business-1', 3],
      ['wamid.business-1', 2],
      ['wamid.business-1', 1],
      ['wamid.business-2', -1],
    ]);
    expect(acks[3]!.error).toBe('131026: Message undeliverable');
  });
});
