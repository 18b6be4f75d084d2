import { createHash, randomBytes } from 'node:crypto';

/** Marks the platform's external-API tokens (so a leaked one is recognisable in logs and scanners). */
const PREFIX = 'atr_';

/** A new external-API token: 32 random bytes (256 bits), base64url, with the platform's prefix. */
export function newApiToken(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored and looked up: the token's SHA-256 in hex (a random 256-bit token needs no salt or slow hash). */
export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What admins see of a token once it is stored: its last four characters. */
export function apiTokenHint(token: string): string {
  return `…${token.slice(-4)}`;
}
