import type { DriverInboundEvent, DriverInboundMessage, DriverMedia } from '@atrium/channel';
import { MessageAck, type ChannelChat, type ChannelContact, type MessageMediaType } from '@atrium/contracts';
import {
  getContentType,
  jidDecode,
  normalizeMessageContent,
  proto,
  WAMessageStubType,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import { locationBody, mapsLink, mediaTypeOf } from '../location.js';

/** What normalising needs from the live socket: how to fetch an attachment, and who "me" is. */
export interface NormaliseContext {
  /** The business number (digits). */
  meNumber: string | null;
  download(message: WAMessage): Promise<Buffer>;
}

type Timestamp = number | { toNumber(): number } | null | undefined;

function millis(value: Timestamp): number {
  if (value === null || value === undefined) return Date.now();
  return (typeof value === 'number' ? value : value.toNumber()) * 1000;
}

/** Splits a pair of WhatsApp ids (the id and its alternate) into a phone number and a lid. */
export function identify(jid: string | null | undefined, alt?: string | null): { number: string | null; lid: string | null } {
  let number: string | null = null;
  let lid: string | null = null;
  for (const candidate of [jid, alt]) {
    const decoded = candidate ? jidDecode(candidate) : undefined;
    if (!decoded?.user) continue;
    if (decoded.server === 's.whatsapp.net' || decoded.server === 'c.us') number ??= decoded.user;
    if (decoded.server === 'lid') lid ??= decoded.user;
  }
  return { number, lid };
}

/** A contact's chat id: the number when known, else `<lid>@lid`. */
function personalChatId(who: { number: string | null; lid: string | null }): string | null {
  return who.number ?? (who.lid ? `${who.lid}@lid` : null);
}

/** The chat a message key belongs to, or null for status broadcasts, newsletters and the like. */
export function chatOfKey(key: WAMessageKey): ChannelChat | null {
  const decoded = key.remoteJid ? jidDecode(key.remoteJid) : undefined;
  if (!decoded) return null;
  if (decoded.server === 'g.us') return { id: `${decoded.user}@g.us`, isGroup: true, name: null };
  const id = personalChatId(identify(key.remoteJid, key.remoteJidAlt));
  return id ? { id, isGroup: false, name: null } : null;
}

/** The chat id as a WhatsApp address, for sending. */
export function toJid(chatId: string): string {
  if (chatId.endsWith('@g.us') || chatId.endsWith('@lid')) return chatId;
  return `${chatId}@s.whatsapp.net`;
}

export function ackOf(status: number): MessageAck {
  switch (status) {
    case proto.WebMessageInfo.Status.ERROR:
      return MessageAck.FAILED;
    case proto.WebMessageInfo.Status.PENDING:
      return MessageAck.PENDING;
    case proto.WebMessageInfo.Status.SERVER_ACK:
      return MessageAck.SENT;
    case proto.WebMessageInfo.Status.DELIVERY_ACK:
      return MessageAck.RECEIVED;
    case proto.WebMessageInfo.Status.READ:
      return MessageAck.READ;
    default:
      return MessageAck.PLAYED;
  }
}

const CALL_STUBS: ReadonlyMap<number, boolean> = new Map([
  [WAMessageStubType.CALL_MISSED_VOICE, false],
  [WAMessageStubType.CALL_MISSED_VIDEO, true],
  [WAMessageStubType.CALL_MISSED_GROUP_VOICE, false],
  [WAMessageStubType.CALL_MISSED_GROUP_VIDEO, true],
]);

/** The text a message shows, for the kinds that are text (plain, extended, replies to buttons and lists). */
export function textOf(content: proto.IMessage | null | undefined): string | null {
  if (!content) return null;
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    null
  );
}

type MediaMessage =
  | proto.Message.IImageMessage
  | proto.Message.IVideoMessage
  | proto.Message.IAudioMessage
  | proto.Message.IDocumentMessage
  | proto.Message.IStickerMessage;

const EXTENSIONS: Record<string, string> = { image: 'jpg', video: 'mp4', audio: 'ogg', application: 'bin' };

function mediaOf(
  message: WAMessage,
  media: MediaMessage,
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker',
  context: NormaliseContext,
): DriverMedia {
  const mimetype = (media.mimetype ?? (kind === 'sticker' ? 'image/webp' : 'application/octet-stream')).split(';')[0]!.trim();
  const fileName = 'fileName' in media ? media.fileName : undefined;
  const extension = kind === 'sticker' ? 'webp' : mimetype.split('/')[1]?.replace(/[^a-z0-9]/g, '') || EXTENSIONS[mediaTypeOf(mimetype)];
  const size = media.fileLength === null || media.fileLength === undefined ? null : Number(media.fileLength);
  return {
    mimetype,
    filename: fileName || `${message.key.id}.${extension}`,
    size: Number.isFinite(size) ? size : null,
    download: () => context.download(message),
  };
}

/**
 * One Baileys message in the contract's normalised form, or null for what is not a message a
 * ticket shows (protocol messages, reactions, key distribution, status broadcasts, newsletters).
 */
export function normaliseBaileysMessage(message: WAMessage, context: NormaliseContext): DriverInboundMessage | null {
  const key = message.key;
  const chat = chatOfKey(key);
  if (!chat || !key.id) return null;
  const fromMe = key.fromMe === true;
  const sender = chat.isGroup ? identify(key.participant, key.participantAlt) : identify(key.remoteJid, key.remoteJidAlt);
  const from: ChannelContact = fromMe ? { number: context.meNumber, lid: null, name: null } : { ...sender, name: message.pushName ?? null };
  const base = {
    id: key.id,
    chat,
    from,
    fromMe,
    timestamp: millis(message.messageTimestamp as Timestamp),
    media: null,
    location: null,
    vcards: [] as string[],
    callLog: null,
    quotedId: null as string | null,
  };

  const missedCallIsVideo = message.messageStubType ? CALL_STUBS.get(message.messageStubType) : undefined;
  if (!message.message && missedCallIsVideo !== undefined) {
    return { ...base, mediaType: 'call_log', body: '', callLog: { isVideo: missedCallIsVideo, status: 'missed' } };
  }

  const content = normalizeMessageContent(message.message);
  const type = getContentType(content);
  if (!content || !type) return null;
  const inner = content[type];
  const contextInfo =
    inner && typeof inner === 'object' && 'contextInfo' in inner ? (inner.contextInfo as proto.IContextInfo | null | undefined) : undefined;
  base.quotedId = contextInfo?.stanzaId ?? null;

  switch (type) {
    case 'conversation':
    case 'extendedTextMessage':
    case 'buttonsResponseMessage':
    case 'listResponseMessage':
    case 'templateButtonReplyMessage':
      return { ...base, mediaType: 'chat', body: textOf(content) ?? '' };
    case 'imageMessage':
    case 'videoMessage':
    case 'audioMessage':
    case 'documentMessage':
    case 'stickerMessage': {
      const kind = type.replace('Message', '') as 'image' | 'video' | 'audio' | 'document' | 'sticker';
      const media = mediaOf(message, content[type] as MediaMessage, kind, context);
      const mediaType: MessageMediaType = kind === 'sticker' ? 'image' : kind === 'document' ? 'application' : kind;
      return { ...base, mediaType, body: textOf(content) ?? (kind === 'document' ? media.filename : ''), media };
    }
    case 'locationMessage':
    case 'liveLocationMessage': {
      const location = content[type] as proto.Message.ILocationMessage;
      const latitude = location.degreesLatitude ?? 0;
      const longitude = location.degreesLongitude ?? 0;
      const image = location.jpegThumbnail?.length
        ? `data:image/jpeg;base64,${Buffer.from(location.jpegThumbnail).toString('base64')}`
        : '';
      const link = mapsLink(latitude, longitude);
      const description = [location.name, location.address].filter(Boolean).join(' - ');
      return {
        ...base,
        mediaType: 'locationMessage',
        body: locationBody(image, link, description),
        location: { latitude, longitude, image, link, description },
      };
    }
    case 'contactMessage':
    case 'contactsArrayMessage': {
      const cards =
        type === 'contactMessage' ? [content.contactMessage?.vcard] : (content.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard);
      const vcards = cards.filter((card): card is string => typeof card === 'string' && card.length > 0);
      return vcards.length > 0 ? { ...base, mediaType: 'vcard', body: vcards.join('\n'), vcards } : null;
    }
    default:
      return null;
  }
}

/** A message update as an ack (our sends), edit or revoke; null for anything else. */
export function normaliseBaileysUpdate(update: WAMessageUpdate): DriverInboundEvent | null {
  const chat = chatOfKey(update.key);
  const messageId = update.key.id;
  if (!chat || !messageId) return null;
  const edited = update.update.message?.editedMessage?.message;
  if (edited) {
    return {
      type: 'edit',
      messageId,
      chatId: chat.id,
      body: textOf(normalizeMessageContent(edited)) ?? '',
      editedAt: millis(update.update.messageTimestamp as Timestamp),
    };
  }
  if (update.update.messageStubType === WAMessageStubType.REVOKE) return { type: 'revoke', messageId, chatId: chat.id };
  if (typeof update.update.status === 'number' && update.key.fromMe)
    return { type: 'ack', messageId, chatId: chat.id, ack: ackOf(update.update.status) };
  return null;
}

const CALL_STATUS: Partial<Record<WACallEvent['status'], 'offer' | 'missed' | 'rejected' | 'accepted'>> = {
  offer: 'offer',
  timeout: 'missed',
  reject: 'rejected',
  accept: 'accepted',
};

/** A call event; ringing, transport and other intermediate steps are left out. */
export function normaliseBaileysCall(call: WACallEvent): DriverInboundEvent | null {
  const status = CALL_STATUS[call.status];
  if (!status || call.isGroup) return null;
  const who = identify(call.from, call.callerPn);
  const chatId = personalChatId(who);
  if (!chatId) return null;
  return {
    type: 'call',
    call: { id: call.id, chatId, from: { ...who, name: null }, isVideo: call.isVideo === true, status, timestamp: call.date.getTime() },
  };
}

/** Messages worth publishing from an upsert: new ones, not our own sends echoed back. */
export function shouldPublish(message: WAMessage, sentByUs: (id: string) => boolean): boolean {
  return !(message.key.fromMe && message.key.id && sentByUs(message.key.id));
}
