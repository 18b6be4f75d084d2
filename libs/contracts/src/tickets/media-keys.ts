/**
 * Where conversation media live in object storage, and how they are addressed. Every key of
 * these roots names its company second (`<root>/<companyId>/...`); the gateway serves them under
 * `/public/<key>` only to a logged-in user of that company whom the tickets service lets read it
 * (the ticket's viewers for message media, the company for quick-message attachments). The last
 * segment of a key is made by the service that owns the file (a random id and the extension:
 * libs/storage `serverFileKeySegment`); a file's name is metadata of the message, never part of a key.
 */
export const CONVERSATION_MEDIA_ROOTS = {
  /** Files agents send, owned by the tickets service: `tickets/<companyId>/<ticketId>/<id><ext>`. */
  tickets: 'tickets',
  /** Files customers send, stored by the sessions service: `whatsapp/<companyId>/<whatsappId>/<id><ext>`. */
  whatsapp: 'whatsapp',
  /** Quick-message attachments, owned by the tickets service: `quick-messages/<companyId>/<id>/<id><ext>`. */
  quickMessages: 'quick-messages',
  /**
   * Files the gateway received, until the tickets service claims them (moves them under one of
   * its roots): `uploads/<companyId>/<id><ext>`. Never served; an upload whose claim is refused
   * or whose send fails is removed (one left by a crash or an unanswered request stays: space, not
   * correctness).
   */
  uploads: 'uploads',
} as const;

const ROOTS: readonly string[] = Object.values(CONVERSATION_MEDIA_ROOTS);
export const PUBLIC_MEDIA_PREFIX = '/public/';

/** The company a conversation-media key belongs to, or null when the key is of no such root. */
export function companyOfMediaKey(key: string): number | null {
  const [root, company] = key.split('/');
  if (root === undefined || !ROOTS.includes(root) || company === undefined || !/^\d{1,10}$/.test(company)) return null;
  return Number(company);
}

/**
 * Whether a key is (or might be taken for) conversation media: its root compared without letter
 * case, so a store that ignores case (some disks) cannot serve `TICKETS/...` as public.
 */
export function isConversationMediaKey(key: string): boolean {
  return ROOTS.includes((key.split('/')[0] ?? '').toLowerCase());
}

/** The URL a view shows for a stored file: relative to the API's base URL. */
export function publicMediaUrl(key: string | null): string | null {
  return key === null ? null : `${PUBLIC_MEDIA_PREFIX}${key}`;
}

/** The storage key a media URL points at (`/public/<key>`, with or without the API's origin), or null. */
export function mediaKeyOfUrl(url: string): string | null {
  let path = url.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const at = path.indexOf(PUBLIC_MEDIA_PREFIX);
  if (at < 0) return null;
  try {
    return decodeURIComponent(path.slice(at + PUBLIC_MEDIA_PREFIX.length));
  } catch {
    return null;
  }
}
