import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits (Stripe ids look like `pi_3Qx…` with 24 of them). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** An object id with Stripe's prefix: pi_, pm_, ch_, txn_, re_, evt_, we_, req_. */
export function newId(prefix: 'pi' | 'pm' | 'ch' | 'txn' | 're' | 'evt' | 'we' | 'req'): string {
  return `${prefix}_${randomToken(24)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
