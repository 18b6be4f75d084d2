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

/**
 * A file name a user sent, reduced to one safe key segment that keeps its extension
 * ('Foto de férias.JPG' → 'Foto_de_f_rias.jpg').
 */
export function safeFileName(original: string, fallback = 'file'): string {
  const base = path.basename(original.replace(/\\/g, '/'));
  const extension = path.extname(base).toLowerCase().replace(/[^a-z0-9.]/g, '').slice(0, 10);
  const stem = base
    .slice(0, base.length - path.extname(base).length)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 100);
  return `${stem || fallback}${extension}`;
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

/** The content type a key's extension implies (application/octet-stream when unknown). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}
