import type { MessageMediaType } from '@atrium/contracts';

/** The spec's media type of a file (spec 000 section 3): image, audio, video, or application for anything else. */
export function mediaTypeOf(mimetype: string): MessageMediaType {
  const kind = mimetype.split('/')[0]?.toLowerCase();
  if (kind === 'image' || kind === 'audio' || kind === 'video') return kind;
  return 'application';
}

/** What a ticket list shows as the last message (spec 000: a location shows as 'Localização'). */
export function lastMessageText(mediaType: MessageMediaType, body: string, mediaName: string | null): string {
  if (mediaType === 'locationMessage') return 'Localização';
  const text = body.trim() || mediaName || '';
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}
