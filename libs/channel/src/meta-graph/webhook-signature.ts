import { createHmac, timingSafeEqual } from 'node:crypto';

/** The `X-Hub-Signature-256` header Meta sends: `sha256=` and the HMAC-SHA256 (hex) of the raw body with the app secret. */
export function hubSignature(body: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Whether `header` is the app secret's signature of exactly these bytes (constant time). */
export function verifyHubSignature(body: Buffer, header: string, appSecret: string): boolean {
  const expected = Buffer.from(hubSignature(body, appSecret), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
