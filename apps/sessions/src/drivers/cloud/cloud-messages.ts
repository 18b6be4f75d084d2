import type { OutgoingMedia, OutgoingMenu } from '@atrium/channel';
import type { GraphContactCard, GraphInteractive, GraphOutgoingMessage } from '@atrium/channel';

type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

/** Meta's message type for a file: images (JPEG/PNG), WebP as a sticker, audio, video (MP4/3GPP), anything else a document. */
export function mediaKindOf(mimetype: string): MediaKind {
  if (mimetype === 'image/webp') return 'sticker';
  if (mimetype === 'image/jpeg' || mimetype === 'image/png') return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype === 'video/mp4' || mimetype === 'video/3gpp') return 'video';
  return 'document';
}

/** POST /messages body of an uploaded (or linked) file; captions where Meta takes them, the file name on documents. */
export function mediaMessage(
  to: string,
  media: OutgoingMedia,
  ref: { id: string } | { link: string },
  caption?: string,
): GraphOutgoingMessage {
  const kind = mediaKindOf(media.mimetype);
  const base = { messaging_product: 'whatsapp' as const, recipient_type: 'individual' as const, to };
  switch (kind) {
    case 'image':
      return { ...base, type: 'image', image: { ...ref, ...(caption ? { caption } : {}) } };
    case 'video':
      return { ...base, type: 'video', video: { ...ref, ...(caption ? { caption } : {}) } };
    case 'document':
      return { ...base, type: 'document', document: { ...ref, filename: media.filename, ...(caption ? { caption } : {}) } };
    case 'audio':
      return { ...base, type: 'audio', audio: ref };
    case 'sticker':
      return { ...base, type: 'sticker', sticker: ref };
  }
}

/** Meta's limits on interactive messages: 3 reply buttons of 20 characters; list rows of 24, descriptions of 72. */
const BUTTONS_MAX = 3;
const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A menu of up to 3 options as reply buttons, of up to 10 as a list (the caller sends longer menus as text). */
export function menuInteractive(menu: OutgoingMenu): GraphInteractive {
  const footer = menu.footer ? { footer: { text: cut(menu.footer, 60) } } : {};
  const body = { text: cut(menu.body, 1024) };
  if (menu.options.length <= BUTTONS_MAX)
    return {
      type: 'button',
      body,
      ...footer,
      action: {
        buttons: menu.options.map((option) => ({ type: 'reply', reply: { id: cut(option.id, 256), title: cut(option.title, 20) } })),
      },
    };
  return {
    type: 'list',
    body,
    ...footer,
    action: {
      button: cut(menu.buttonText ?? 'Options', 20),
      sections: [
        {
          rows: menu.options.map((option) => ({
            id: cut(option.id, 200),
            title: cut(option.title, 24),
            ...(option.description ? { description: cut(option.description, 72) } : {}),
          })),
        },
      ],
    },
  };
}

/** A vCard (3.0) as Meta's contact card: the formatted name and each TEL (its `waid` when given). */
export function contactCardOf(vcard: string): GraphContactCard {
  const lines = vcard.replace(/\r\n[ \t]/g, '').split(/\r?\n/);
  const value = (line: string): string => line.slice(line.indexOf(':') + 1).trim();
  const formatted = lines.find((line) => /^FN[:;]/i.test(line));
  const phones = lines
    .filter((line) => /^(item\d+\.)?TEL[:;]/i.test(line))
    .map((line) => {
      const waid = /waid=(\d+)/i.exec(line)?.[1];
      return { phone: value(line), ...(waid ? { wa_id: waid } : {}) };
    });
  const name = formatted ? value(formatted) : (phones[0]?.phone ?? 'Contact');
  return { name: { formatted_name: name, first_name: name }, ...(phones.length > 0 ? { phones } : {}) };
}
