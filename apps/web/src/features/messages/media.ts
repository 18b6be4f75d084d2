import { apiUrl } from '../../shared/config/app-config';

/** A message's media URL (`/public/<key>`, relative to the API) as an absolute URL. */
export function absoluteMediaUrl(url: string): string {
  return /^(https?:|data:|blob:)/.test(url) ? url : `${apiUrl()}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * Media are read as blobs with the bearer token (spec 000 section 7): the gateway serves a
 * conversation's files only to who may see the ticket.
 */
export async function fetchMediaBlob(url: string, token: string | null): Promise<Blob> {
  const response = await fetch(absoluteMediaUrl(url), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`media answered ${response.status}`);
  return response.blob();
}

/** A location body is `image|link|description` (spec 000 section 3). */
export function parseLocation(body: string): { image: string; link: string; description: string } {
  const [image = '', link = '', ...rest] = body.split('|');
  return { image, link, description: rest.join('|') };
}

/** A location thumbnail travels as a data URL; lists show 'Localização' instead (spec 000 section 2). */
export function isLocationText(text: string): boolean {
  const value = text.trim();
  // `image|link|description`, the image possibly empty when the network sent no thumbnail
  return /^data:image\//.test(value) || value.includes('data:image/png;base64') || /^\|https?:\/\/\S*\|/.test(value);
}

/** Name and numbers of a vCard body. */
export function parseVcard(body: string): { name: string; numbers: string[] } {
  const lines = body.split(/\r?\n/);
  const name =
    lines
      .find((line) => /^FN[:;]/i.test(line))
      ?.replace(/^FN[^:]*:/i, '')
      .trim() ?? '';
  const numbers = lines
    .filter((line) => /^(item\d+\.)?TEL/i.test(line))
    .map((line) => line.replace(/^[^:]*:/, '').trim())
    .filter((number) => number.length > 0);
  return { name, numbers };
}
