import type { DriverInboundEvent, DriverInboundMessage, SandboxEvent, SandboxInboundMessage } from '@atrium/channel';
import { MessageAck } from '@atrium/contracts';
import { locationBody, mapsLink, mediaTypeOf } from '../location.js';

function normaliseMessage(message: SandboxInboundMessage): DriverInboundMessage {
  const base = {
    id: message.id,
    chat: { id: message.chatId, isGroup: false, name: null },
    from: { number: message.from.number, lid: message.from.lid ?? null, name: message.from.name },
    fromMe: false,
    quotedId: message.quotedId,
    timestamp: message.timestamp,
    media: null,
    location: null,
    vcards: [] as string[],
    callLog: null,
  };
  if (message.media) {
    const media = message.media;
    const data = () => Buffer.from(media.base64, 'base64');
    return {
      ...base,
      mediaType: mediaTypeOf(media.mimetype),
      body: message.body || media.filename,
      media: {
        mimetype: media.mimetype,
        filename: media.filename,
        size: Buffer.byteLength(media.base64, 'base64'),
        download: async () => data(),
      },
    };
  }
  if (message.location) {
    const { latitude, longitude, description = '' } = message.location;
    const link = mapsLink(latitude, longitude);
    return {
      ...base,
      mediaType: 'locationMessage',
      body: locationBody('', link, description),
      location: { latitude, longitude, image: '', link, description },
    };
  }
  if (message.vcard) return { ...base, mediaType: 'vcard', body: message.vcard, vcards: [message.vcard] };
  return { ...base, mediaType: 'chat', body: message.body };
}

const ACKS = new Set<number>(Object.values(MessageAck));

/** The sandbox's wire events in the contract's normalised form. */
export function normaliseSandboxEvent(event: SandboxEvent): DriverInboundEvent | null {
  switch (event.type) {
    case 'message':
      return { type: 'message', message: normaliseMessage(event.message) };
    case 'ack':
      return ACKS.has(event.ack) ? { type: 'ack', messageId: event.messageId, chatId: event.chatId, ack: event.ack as MessageAck } : null;
    case 'edit':
      return { type: 'edit', messageId: event.messageId, chatId: event.chatId, body: event.body, editedAt: event.editedAt };
    case 'revoke':
      return { type: 'revoke', messageId: event.messageId, chatId: event.chatId };
    case 'call':
      return {
        type: 'call',
        call: {
          id: event.call.id,
          chatId: event.call.from.number,
          from: { number: event.call.from.number, lid: null, name: event.call.from.name },
          isVideo: event.call.isVideo,
          status: 'offer',
          timestamp: event.call.timestamp,
        },
      };
    default:
      return null;
  }
}
