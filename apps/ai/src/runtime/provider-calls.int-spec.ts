import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ProviderError } from './bot-engine.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { callProvider, CircuitOpenError } from './provider-calls.js';

/** The runtime's provider policy against the real Redis. */
describe('provider calls', () => {
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;
  const policy = { timeoutMs: 200, retries: 2, backoffMs: 10 };
  const bot = { provider: 'openai', breakerKey: 'prompt:1:1' };

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('retries server errors with backoff and gives up after the bounded retries with the last status', async () => {
    const breaker = new CircuitBreaker(redis, { threshold: 100, cooldownMs: 1000, prefix });
    let calls = 0;
    await expect(
      callProvider(breaker, { ...bot, breakerKey: 'a' }, policy, async () => {
        calls++;
        throw new ProviderError('openai', 500, 'boom');
      }),
    ).rejects.toMatchObject({ status: 500 });
    expect(calls).toBe(3);
    let flaky = 0;
    expect(
      await callProvider(breaker, { ...bot, breakerKey: 'b' }, policy, async () =>
        ++flaky === 1 ? Promise.reject(new ProviderError('openai', 503, 'x')) : 'ok',
      ),
    ).toBe('ok');
    expect(flaky).toBe(2);
  });

  it('does not retry a refusal (401), and times out a call that never answers', async () => {
    const breaker = new CircuitBreaker(redis, { threshold: 100, cooldownMs: 1000, prefix });
    let calls = 0;
    await expect(
      callProvider(
        breaker,
        { ...bot, breakerKey: 'c' },
        policy,
        async () => (calls++, Promise.reject(new ProviderError('openai', 401, 'no'))),
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1);
    const started = Date.now();
    await expect(
      callProvider(
        breaker,
        { ...bot, breakerKey: 'd' },
        { ...policy, retries: 0 },
        (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    ).rejects.toMatchObject({ status: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('opens the circuit after the threshold (calls then fail at once), half-opens after the cooldown, and a success closes it', async () => {
    let now = 1_000_000;
    const breaker = new CircuitBreaker(redis, { threshold: 3, cooldownMs: 5000, prefix }, () => now);
    const failing = async () => Promise.reject(new ProviderError('openai', 500, 'x'));
    await expect(callProvider(breaker, { ...bot, breakerKey: 'e' }, { ...policy, retries: 5 }, failing)).rejects.toMatchObject({
      status: 500,
    });
    expect(await breaker.isOpen('e')).toBe(true);
    let called = false;
    await expect(callProvider(breaker, { ...bot, breakerKey: 'e' }, policy, async () => ((called = true), 'x'))).rejects.toBeInstanceOf(
      CircuitOpenError,
    );
    expect(called).toBe(false);
    now += 5001;
    expect(await breaker.isOpen('e')).toBe(false);
    // half-open: one failure reopens at once
    await expect(callProvider(breaker, { ...bot, breakerKey: 'e' }, { ...policy, retries: 0 }, failing)).rejects.toMatchObject({
      status: 500,
    });
    expect(await breaker.isOpen('e')).toBe(true);
    now += 5001;
    expect(await callProvider(breaker, { ...bot, breakerKey: 'e' }, policy, async () => 'ok')).toBe('ok');
    await breaker.failed('e');
    expect(await breaker.isOpen('e')).toBe(false);
  });
});
