import { timingSafeEqual } from 'node:crypto';

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's `Authorization` header is `Bearer <token>` (compared in constant time). */
export function hasBearerToken(request: { get(name: string): string | undefined }, token: string): boolean {
  return sameSecret(request.get('authorization') ?? '', `Bearer ${token}`);
}
