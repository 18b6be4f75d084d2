import 'reflect-metadata';
import { MessageAck } from '@atrium/contracts';
import { proto, WAMessageStubType, type WACallEvent, type WAMessage, type WAMessageUpdate } from '@whiskeysockets/baileys';
import {
  chatOfKey,
  normaliseBaileysCall,
  normaliseBaileysMessage,
  normaliseBaileysUpdate,
  shouldPublish,
  toJid,
} from './baileys-normaliser.js';

const CUSTOMER = '5511987654321';
const CUSTOMER_LID = '123456789012345';
const ME = '5511900001111';

/** A received message built with Baileys' own protobuf types, as the socket would emit it. */
function received(message: proto.IMessage, key: Partial<WAMessage['key']> = {}, extra: Partial<proto.IWebMessageInfo> = {}): WAMessage {
  const info = proto.WebMessageInfo.fromObject({
    key: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false, id: '3EB0A1B2C3D4', ...key },
    message,
    messageTimestamp: 1_760_000_000,
    pushName: 'Ana Souza',
    ...extra,
  });
  return Object.assign(info, { key: { ...info.key!, ...key } }) as WAMessage;
}

const downloads: WAMessage[] = [];
const context = {
  meNumber: ME,
  download: async (message: WAMessage) => {
    downloads.push(message);
    return Buffer.from('file bytes');
  },
};

describe('normaliseBaileysMessage', () => {
  it('turns a plain text into a chat message with the sender’s number and push name', () => {
    expect(normaliseBaileysMessage(received({ conversation: 'Olá!' }), context)).toEqual({
      id: '3EB0A1B2C3D4',
      chat: { id: CUSTOMER, isGroup: false, name: null },
      from: { number: CUSTOMER, lid: null, name: 'Ana Souza' },
      fromMe: false,
      mediaType: 'chat',
      body: 'Olá!',
      media: null,
      quotedId: null,
      location: null,
      vcards: [],
      callLog: null,
      timestamp: 1_760_000_000_000,
    });
  });

  it('keeps both the number and the lid when WhatsApp addresses the customer by lid', () => {
    const message = received(
      { conversation: 'oi' },
      { remoteJid: `${CUSTOMER_LID}@lid`, remoteJidAlt: `${CUSTOMER}@s.whatsapp.net`, addressingMode: 'lid' },
    );
    expect(normaliseBaileysMessage(message, context)).toMatchObject({
      chat: { id: CUSTOMER, isGroup: false },
      from: { number: CUSTOMER, lid: CUSTOMER_LID },
    });
    // Without the phone number, the chat is addressed by the lid.
    const hidden = received({ conversation: 'oi' }, { remoteJid: `${CUSTOMER_LID}@lid` });
    expect(normaliseBaileysMessage(hidden, context)).toMatchObject({
      chat: { id: `${CUSTOMER_LID}@lid` },
      from: { number: null, lid: CUSTOMER_LID },
    });
    expect(toJid(`${CUSTOMER_LID}@lid`)).toBe(`${CUSTOMER_LID}@lid`);
    expect(toJid(CUSTOMER)).toBe(`${CUSTOMER}@s.whatsapp.net`);
  });

  it('names the participant of a group message and the group as the chat', () => {
    const message = received(
      { extendedTextMessage: { text: 'bom dia, grupo', contextInfo: { stanzaId: 'QUOTED1' } } },
      { remoteJid: '120363042421234567@g.us', participant: `${CUSTOMER_LID}@lid`, participantAlt: `${CUSTOMER}@s.whatsapp.net` },
    );
    expect(normaliseBaileysMessage(message, context)).toMatchObject({
      chat: { id: '120363042421234567@g.us', isGroup: true },
      from: { number: CUSTOMER, lid: CUSTOMER_LID, name: 'Ana Souza' },
      body: 'bom dia, grupo',
      quotedId: 'QUOTED1',
    });
  });

  it('unwraps ephemeral and view-once messages', () => {
    const message = received({
      ephemeralMessage: { message: { viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'uma vez' } } } } },
    });
    expect(normaliseBaileysMessage(message, context)).toMatchObject({ mediaType: 'image', body: 'uma vez' });
  });

  it('describes media with type, file name and size, and downloads only when asked', async () => {
    const image = normaliseBaileysMessage(
      received({ imageMessage: { mimetype: 'image/jpeg', caption: 'foto', fileLength: 2048 } }),
      context,
    )!;
    expect(image).toMatchObject({
      mediaType: 'image',
      body: 'foto',
      media: { mimetype: 'image/jpeg', filename: '3EB0A1B2C3D4.jpeg', size: 2048 },
    });
    const document = normaliseBaileysMessage(
      received({ documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf' } }),
      context,
    )!;
    expect(document).toMatchObject({ mediaType: 'application', body: 'boleto.pdf', media: { filename: 'boleto.pdf', size: null } });
    const voice = normaliseBaileysMessage(received({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }), context)!;
    expect(voice).toMatchObject({ mediaType: 'audio', body: '', media: { mimetype: 'audio/ogg', filename: '3EB0A1B2C3D4.ogg' } });
    const sticker = normaliseBaileysMessage(received({ stickerMessage: {} }), context)!;
    expect(sticker).toMatchObject({ mediaType: 'image', media: { mimetype: 'image/webp', filename: '3EB0A1B2C3D4.webp' } });
    const video = normaliseBaileysMessage(received({ videoMessage: { mimetype: 'video/mp4' } }), context)!;
    expect(video.mediaType).toBe('video');

    expect(downloads).toHaveLength(0);
    expect(await document.media!.download()).toEqual(Buffer.from('file bytes'));
    expect(downloads.map((m) => m.key.id)).toEqual(['3EB0A1B2C3D4']);
  });

  it('gives a location the spec’s body image|link|description, with its thumbnail as the image', () => {
    const thumbnail = Buffer.from([0xff, 0xd8, 0xff]);
    const message = received({
      locationMessage: {
        degreesLatitude: -23.5613,
        degreesLongitude: -46.6565,
        name: 'MASP',
        address: 'Av. Paulista, 1578',
        jpegThumbnail: thumbnail,
      },
    });
    const link = 'https://maps.google.com/maps?q=-23.5613%2C-46.6565&z=17';
    expect(normaliseBaileysMessage(message, context)).toMatchObject({
      mediaType: 'locationMessage',
      body: `data:image/jpeg;base64,/9j/|${link}|MASP - Av. Paulista, 1578`,
      location: {
        latitude: -23.5613,
        longitude: -46.6565,
        image: 'data:image/jpeg;base64,/9j/',
        link,
        description: 'MASP - Av. Paulista, 1578',
      },
    });
  });

  it('carries shared contacts as vCards', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bruno\nTEL;waid=5511900000002:+55 11 90000-0002\nEND:VCARD';
    expect(normaliseBaileysMessage(received({ contactMessage: { displayName: 'Bruno', vcard } }), context)).toMatchObject({
      mediaType: 'vcard',
      body: vcard,
      vcards: [vcard],
    });
    const many = normaliseBaileysMessage(
      received({ contactsArrayMessage: { contacts: [{ vcard }, { vcard: vcard.replace('Bruno', 'Carla') }] } }),
      context,
    )!;
    expect(many.vcards).toHaveLength(2);
  });

  it('turns a missed call stub into a call log', () => {
    const stub = received({}, {}, { message: null, messageStubType: WAMessageStubType.CALL_MISSED_VIDEO });
    expect(normaliseBaileysMessage(stub, context)).toMatchObject({
      mediaType: 'call_log',
      body: '',
      callLog: { isVideo: true, status: 'missed' },
    });
  });

  it('marks what the business wrote on its phone as fromMe, from the business number', () => {
    expect(normaliseBaileysMessage(received({ conversation: 'já te respondo' }, { fromMe: true }), context)).toMatchObject({
      fromMe: true,
      from: { number: ME, lid: null, name: null },
      chat: { id: CUSTOMER },
    });
    expect(shouldPublish(received({ conversation: 'sent by Atrium' }, { fromMe: true, id: 'OURS' }), (id) => id === 'OURS')).toBe(false);
    expect(shouldPublish(received({ conversation: 'from the phone' }, { fromMe: true, id: 'PHONE' }), (id) => id === 'OURS')).toBe(true);
  });

  it('leaves out what tickets do not show', () => {
    expect(normaliseBaileysMessage(received({ reactionMessage: { text: '👍', key: { id: 'X' } } }), context)).toBeNull();
    expect(
      normaliseBaileysMessage(
        received({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'X' } } }),
        context,
      ),
    ).toBeNull();
    expect(normaliseBaileysMessage(received({ conversation: 'story' }, { remoteJid: 'status@broadcast' }), context)).toBeNull();
    expect(normaliseBaileysMessage(received({ conversation: 'news' }, { remoteJid: '120363000000000000@newsletter' }), context)).toBeNull();
    expect(chatOfKey({ remoteJid: undefined })).toBeNull();
  });
});

describe('normaliseBaileysUpdate', () => {
  const key = { remoteJid: `${CUSTOMER}@s.whatsapp.net`, id: 'SENT1', fromMe: true };

  it('maps delivery statuses of our messages to the spec’s acks', () => {
    const ack = (status: proto.WebMessageInfo.Status) => normaliseBaileysUpdate({ key, update: { status } } as WAMessageUpdate);
    expect(ack(proto.WebMessageInfo.Status.SERVER_ACK)).toEqual({
      type: 'ack',
      messageId: 'SENT1',
      chatId: CUSTOMER,
      ack: MessageAck.SENT,
    });
    expect(ack(proto.WebMessageInfo.Status.DELIVERY_ACK)).toMatchObject({ ack: MessageAck.RECEIVED });
    expect(ack(proto.WebMessageInfo.Status.READ)).toMatchObject({ ack: MessageAck.READ });
    expect(ack(proto.WebMessageInfo.Status.PLAYED)).toMatchObject({ ack: MessageAck.PLAYED });
    expect(ack(proto.WebMessageInfo.Status.ERROR)).toMatchObject({ ack: MessageAck.FAILED });
    expect(normaliseBaileysUpdate({ key: { ...key, fromMe: false }, update: { status: 4 } } as WAMessageUpdate)).toBeNull();
  });

  it('reads edits (as Baileys emits them from a MESSAGE_EDIT protocol message) and revokes', () => {
    const edit = {
      key: { ...key, fromMe: false, id: 'THEIRS' },
      update: { message: { editedMessage: { message: { conversation: 'corrigido' } } }, messageTimestamp: 1_760_000_100 },
    };
    expect(normaliseBaileysUpdate(edit as WAMessageUpdate)).toEqual({
      type: 'edit',
      messageId: 'THEIRS',
      chatId: CUSTOMER,
      body: 'corrigido',
      editedAt: 1_760_000_100_000,
    });
    const revoke = { key: { ...key, fromMe: false, id: 'THEIRS' }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } };
    expect(normaliseBaileysUpdate(revoke as WAMessageUpdate)).toEqual({ type: 'revoke', messageId: 'THEIRS', chatId: CUSTOMER });
  });
});

describe('normaliseBaileysCall', () => {
  const call: WACallEvent = {
    chatId: `${CUSTOMER_LID}@lid`,
    from: `${CUSTOMER_LID}@lid`,
    callerPn: `${CUSTOMER}@s.whatsapp.net`,
    id: 'CALL1',
    date: new Date(1_760_000_000_000),
    isVideo: false,
    status: 'offer',
    offline: false,
  };

  it('reports offers and how calls ended, with both ids of the caller', () => {
    expect(normaliseBaileysCall(call)).toEqual({
      type: 'call',
      call: {
        id: 'CALL1',
        chatId: CUSTOMER,
        from: { number: CUSTOMER, lid: CUSTOMER_LID, name: null },
        isVideo: false,
        status: 'offer',
        timestamp: 1_760_000_000_000,
      },
    });
    expect(normaliseBaileysCall({ ...call, status: 'timeout' })).toMatchObject({ call: { status: 'missed' } });
    expect(normaliseBaileysCall({ ...call, status: 'ringing' })).toBeNull();
    expect(normaliseBaileysCall({ ...call, isGroup: true })).toBeNull();
  });
});
