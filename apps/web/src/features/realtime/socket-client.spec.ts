import { isTokenExpired } from './socket-client';

function jwt(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}

describe('token expiry as the socket sees it', () => {
  const now = Date.parse('2025-06-10T10:00:00Z');
  it('reads exp from the token', () => {
    expect(isTokenExpired(jwt({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(isTokenExpired(jwt({ exp: now / 1000 - 1 }), now)).toBe(true);
  });

  it('treats a missing or unreadable token as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired('garbage', now)).toBe(true);
  });
});
