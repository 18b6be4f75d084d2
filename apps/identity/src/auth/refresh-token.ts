import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * A refresh token is `<session id>.<secret>`; only the secret's SHA-256 is stored, so a database
 * leak yields no usable token.
 */
export interface RefreshTokenParts {
  sessionId: string;
  secret: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newSessionId(): string {
  return randomUUID();
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function formatRefreshToken(parts: RefreshTokenParts): string {
  return `${parts.sessionId}.${parts.secret}`;
}

export function parseRefreshToken(token: string): RefreshTokenParts | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const sessionId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!UUID.test(sessionId) || !/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return null;
  return { sessionId, secret };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
