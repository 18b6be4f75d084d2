import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying the signature of each n8n/webhook call. */
export const SIGNATURE_HEADER = 'x-atrium-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the integration's signing secret>`. */
export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`)}`;
}

/** What a receiver does: recompute and compare in constant time, refusing stale timestamps (default 5 minutes). */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, `${timestamp}.${body}`), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const hmac = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('hex');
