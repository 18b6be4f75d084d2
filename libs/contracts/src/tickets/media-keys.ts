/**
 * Where conversation media live in object storage, and how they are addressed. Every key of
 * these roots names its company second (`<root>/<companyId>/...`); the gateway serves them under
 * `/public/<key>` only to a logged-in user of that company whom the tickets service lets read it
 * (the ticket's viewers for message media, the company for quick-message attachments).
 */
export const CONVERSATION_MEDIA_ROOTS = {
  /** Files agents send: `tickets/<companyId>/<ticketId>/<random>-<name>`. */
  tickets: 'tickets',
  /** Files customers send, stored by the sessions service: `whatsapp/<companyId>/<whatsappId>/<file>`. */
  whatsapp: 'whatsapp',
  /** Quick-message attachments: `quick-messages/<companyId>/<id>/<random>-<name>`. */
  quickMessages: 'quick-messages',
} as const;

const ROOTS: readonly string[] = Object.values(CONVERSATION_MEDIA_ROOTS);
export const PUBLIC_MEDIA_PREFIX = '/public/';

/** The company a conversation-media key belongs to, or null when the key is of no such root. */
export function companyOfMediaKey(key: string): number | null {
  const [root, company] = key.split('/');
  if (root === undefined || !ROOTS.includes(root) || company === undefined || !/^\d{1,10}$/.test(company)) return null;
  return Number(company);
}

export function isConversationMediaKey(key: string): boolean {
  return ROOTS.includes(key.split('/')[0] ?? '');
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
