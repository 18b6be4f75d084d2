import { randomBytes } from 'node:crypto';
import path from 'node:path';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MAX_SEGMENTS = 10;
const MAX_KEY_LENGTH = 500;

/**
 * The storage key for a path taken from outside (a URL, a record), or null when it is not a
 * safe one: relative, slash-separated, each segment starting with a letter or digit and made
 * of letters, digits, '.', '_' and '-'. So no '..', no absolute paths, no backslashes, no
 * hidden files and no empty segments can reach a store.
 */
export function toStorageKey(raw: string | readonly string[]): string | null {
  const segments = typeof raw === 'string' ? raw.split('/') : [...raw];
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return null;
  if (!segments.every((segment) => SEGMENT.test(segment))) return null;
  const key = segments.join('/');
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/** Like toStorageKey, but throws: for keys the code builds itself. */
export function assertStorageKey(key: string): string {
  const safe = toStorageKey(key);
  if (safe === null) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  return safe;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
};

const EXTENSION = /^\.[a-z0-9]{1,10}$/;

/**
 * The extension a stored file keeps, so its type is known when it is served: the file name's
 * (lower case, letters and digits only), else the one its type implies, else none.
 */
export function extensionOf(filename: string, mimetype?: string): string {
  const fromName = path.extname(path.basename(filename.replace(/\\/g, '/'))).toLowerCase();
  if (EXTENSION.test(fromName)) return fromName;
  const type = mimetype?.toLowerCase().split(';')[0]!.trim();
  const fromType = Object.entries(CONTENT_TYPES).find(([, known]) => known.split(';')[0] === type)?.[0];
  return fromType ?? '';
}

/**
 * The last key segment of a stored file, made by the server: a random id and the file's
 * extension. Nothing else of a client's file name reaches a key (the name is kept as metadata),
 * so no name can make two files share a key.
 */
export function serverFileKeySegment(filename: string, mimetype?: string): string {
  return `${randomBytes(16).toString('hex')}${extensionOf(filename, mimetype)}`;
}

/** The content type a key's extension implies (application/octet-stream when unknown). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}
