import type {
  DriverInboundEvent,
  DriverInboundMessage,
  DriverMedia,
  WebhookMedia,
  WebhookMessage,
  WebhookMessagesValue,
  WebhookStatus,
} from '@atrium/channel';
import { MessageAck } from '@atrium/contracts';
import { locationBody, mapsLink, mediaTypeOf } from '../location.js';

/** Fetches a webhook's media through the Graph API when the sessions service stores it. */
export type MediaFetcher = (media: WebhookMedia, fallbackMimetype: string, fallbackName: string) => DriverMedia;

const ACKS: Record<string, MessageAck | undefined> = {
  sent: MessageAck.SENT,
  delivered: MessageAck.RECEIVED,
  read: MessageAck.READ,
  played: MessageAck.PLAYED,
  failed: MessageAck.FAILED,
};

const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
const DEFAULT_MIME: Record<(typeof MEDIA_KINDS)[number], string> = {
  image: 'image/jpeg',
  audio: 'audio/ogg',
  video: 'video/mp4',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

function extensionOf(mimetype: string): string {
  const subtype = (mimetype.split('/')[1] ?? 'bin').split(';')[0]!.trim();
  return subtype.replace(/^x-/, '').replace('mpeg', 'mp3').replace('jpeg', 'jpg') || 'bin';
}

/** A contact card of the webhook as a vCard 3.0. */
function vcardOf(card: NonNullable<WebhookMessage['contacts']>[number]): string {
  const name = card.name?.formatted_name ?? [card.name?.first_name, card.name?.last_name].filter(Boolean).join(' ') ?? '';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `N:${card.name?.last_name ?? ''};${card.name?.first_name ?? name};;;`];
  if (card.org?.company) lines.push(`ORG:${card.org.company}`);
  for (const phone of card.phones ?? []) {
    if (!phone.phone && !phone.wa_id) continue;
    lines.push(`TEL;type=${phone.type ?? 'CELL'}${phone.wa_id ? `;waid=${phone.wa_id}` : ''}:${phone.phone ?? `+${phone.wa_id}`}`);
  }
  for (const email of card.emails ?? []) if (email.email) lines.push(`EMAIL:${email.email}`);
  lines.push('END:VCARD');
  return lines.join('\n');
}

function errorText(errors: WebhookMessage['errors']): string {
  const first = errors?.[0];
  return first ? `${first.code}: ${first.title ?? first.message ?? 'error'}` : 'unknown';
}

/** One customer message of the webhook; null when it means nothing to a conversation (a reaction removed). */
function messageOf(message: WebhookMessage, names: Map<string, string>, fetchMedia: MediaFetcher): DriverInboundMessage | null {
  const base: DriverInboundMessage = {
    id: message.id,
    chat: { id: message.from, isGroup: false, name: null },
    from: { number: message.from, lid: null, name: names.get(message.from) ?? null },
    fromMe: false,
    mediaType: 'chat',
    body: '',
    media: null,
    quotedId: message.context?.id ?? null,
    location: null,
    vcards: [],
    callLog: null,
    timestamp: Number(message.timestamp) * 1000 || Date.now(),
  };
  const kind = MEDIA_KINDS.find((candidate) => candidate === message.type);
  if (kind && message[kind]) {
    const media = message[kind];
    const mimetype = media.mime_type ?? DEFAULT_MIME[kind];
    const filename = media.filename ?? `${kind}-${media.id}.${extensionOf(mimetype)}`;
    return {
      ...base,
      mediaType: mediaTypeOf(mimetype),
      body: media.caption ?? (kind === 'document' ? filename : ''),
      media: fetchMedia(media, mimetype, filename),
    };
  }
  switch (message.type) {
    case 'text':
      return { ...base, body: message.text?.body ?? '' };
    case 'location': {
      const place = message.location!;
      const link = mapsLink(place.latitude, place.longitude);
      const description = [place.name, place.address].filter(Boolean).join(' - ');
      return {
        ...base,
        mediaType: 'locationMessage',
        body: locationBody('', link, description),
        location: { latitude: place.latitude, longitude: place.longitude, image: '', link, description },
      };
    }
    case 'contacts': {
      const vcards = (message.contacts ?? []).map(vcardOf);
      return { ...base, mediaType: 'vcard', body: vcards[0] ?? '', vcards };
    }
    case 'reaction':
      // a reaction removed has no emoji; one given is shown as a reply to the message it reacts to
      if (!message.reaction?.emoji) return null;
      return { ...base, body: message.reaction.emoji, quotedId: message.reaction.message_id };
    case 'interactive': {
      // the option's id is what our menus set as the option's key: the chatbot reads it as the choice
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return { ...base, body: reply?.id ?? reply?.title ?? '' };
    }
    case 'button':
      return { ...base, body: message.button?.text ?? message.button?.payload ?? '' };
    default:
      // `unsupported` (and types this platform does not know yet): shown as such, never dropped
      return {
        ...base,
        body: `[${message.type === 'unsupported' ? 'unsupported message' : `message of type ${message.type}`}: ${errorText(message.errors)}]`,
      };
  }
}

function ackOf(status: WebhookStatus): DriverInboundEvent | null {
  const ack = ACKS[status.status];
  if (ack === undefined) return null;
  return {
    type: 'ack',
    messageId: status.id,
    chatId: status.recipient_id,
    ack,
    ...(ack === MessageAck.FAILED ? { error: errorText(status.errors) } : {}),
  };
}

/**
 * One `entry[].changes[].value` of field `messages` (Meta's webhook reference) as the channel's
 * events, in the order Meta listed them: customers' messages (with their profile names), then
 * the statuses of the business's messages as acks (`failed` as ack -1 with Meta's code and title).
 */
export function normaliseMessagesValue(value: WebhookMessagesValue, fetchMedia: MediaFetcher): DriverInboundEvent[] {
  const names = new Map(
    (value.contacts ?? []).flatMap((contact) => (contact.profile?.name ? [[contact.wa_id, contact.profile.name] as const] : [])),
  );
  const events: DriverInboundEvent[] = [];
  for (const message of value.messages ?? []) {
    const normalised = messageOf(message, names, fetchMedia);
    if (normalised) events.push({ type: 'message', message: normalised });
  }
  for (const status of value.statuses ?? []) {
    const ack = ackOf(status);
    if (ack) events.push(ack);
  }
  return events;
}
