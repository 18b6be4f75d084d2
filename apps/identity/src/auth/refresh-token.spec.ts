import { formatRefreshToken, hashSecret, newSecret, newSessionId, parseRefreshToken, sameHash } from './refresh-token.js';

describe('refresh tokens', () => {
  it('round-trips session id and secret', () => {
    const parts = { sessionId: newSessionId(), secret: newSecret() };
    expect(parseRefreshToken(formatRefreshToken(parts))).toEqual(parts);
  });

  it.each([
    '',
    'no-dot',
    'not-a-uuid.abcdefghijklmnopqrstuvwxyz',
    `${newSessionId()}.short`,
    `${newSessionId()}.bad chars here!!!!!!!!!!!`,
  ])('rejects the malformed token %p', (token) => expect(parseRefreshToken(token)).toBeNull());

  it('compares hashes of equal secrets only', () => {
    const secret = newSecret();
    expect(sameHash(hashSecret(secret), hashSecret(secret))).toBe(true);
    expect(sameHash(hashSecret(secret), hashSecret(newSecret()))).toBe(false);
    expect(sameHash(null, hashSecret(secret))).toBe(false);
  });
});
