import { startStack, type Stack } from './stack.js';
import { SUPER_ADMIN } from './tenants.js';

describe('login attempts per IP', () => {
  let stack: Stack;

  beforeAll(async () => {
    // a wait far longer than the test: the IP stays refused while it runs
    stack = await startStack({ env: { LOGIN_FREE_FAILURES_PER_IP: '3', LOGIN_BACKOFF_BASE_MS: '600000' } });
  });
  afterAll(() => stack.stop());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('makes an IP over its free failures wait, even with the right password, while other IPs still log in', async () => {
    const attacker = stack.client();
    for (let i = 0; i < 3; i++) {
      const response = await attacker.request(
        'POST',
        '/auth/login',
        { email: `guess${i}@example.com`, password: 'x' },
        from('203.0.113.7'),
      );
      expect(response.status).toBe(401);
    }
    const blocked = await attacker.request('POST', '/auth/login', SUPER_ADMIN, from('203.0.113.7'));
    expect(blocked).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS', data: { retryAfterMs: expect.any(Number) } } });
    const other = await stack.client().request('POST', '/auth/login', SUPER_ADMIN, from('198.51.100.20'));
    expect(other.status).toBe(200);
  });
});
