import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { AppError, ErrorCode } from '@atrium/contracts';
import { once } from './idempotent-calls.js';

/** `once` against the real Redis: what a retry meets after a first try failed or its process died. */
describe('once (idempotent calls)', () => {
  let redis: Redis;
  const key = () => `test:once:${randomUUID()}`;
  const unavailable = () => Promise.reject(new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE));

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(() => redis.disconnect());

  it('answers the first result to a second call, without running the work again', async () => {
    const mark = key();
    let runs = 0;
    const work = async () => ({ n: (runs += 1) });
    expect(await once(redis, mark, '', 60, work)).toEqual({ result: { n: 1 }, duplicate: false });
    expect(await once(redis, mark, '', 60, work)).toEqual({ result: { n: 1 }, duplicate: true });
    expect(runs).toBe(1);
  });

  it('keeps the mark of a call whose answer never came, unless the work is resendable', async () => {
    const kept = key();
    await expect(once(redis, kept, '', 60, unavailable)).rejects.toMatchObject({ code: ErrorCode.ERR_SERVICE_UNAVAILABLE });
    expect(await redis.exists(kept)).toBe(1);

    const resendable = key();
    await expect(once(redis, resendable, '', 60, unavailable, { resendable: true })).rejects.toMatchObject({
      code: ErrorCode.ERR_SERVICE_UNAVAILABLE,
    });
    expect(await redis.exists(resendable)).toBe(0);
    expect(await once(redis, resendable, '', 60, async () => 'sent', { resendable: true })).toEqual({ result: 'sent', duplicate: false });
  });

  it('runs a resendable call again once the in-flight mark of a process that died has lapsed', async () => {
    const mark = key();
    // what a process killed mid-call leaves: its in-flight mark, no longer renewed (shortened here)
    await redis.set(mark, JSON.stringify({ fingerprint: '' }), 'PX', 300);
    await expect(once(redis, mark, '', 60, async () => 'sent', { resendable: true })).rejects.toMatchObject({
      code: ErrorCode.ERR_SENDING_WAPP_MSG,
    });
    expect(await once(redis, mark, '', 60, async () => 'sent', { resendable: true })).toEqual({ result: 'sent', duplicate: false });
    expect(await redis.pttl(mark)).toBeGreaterThan(50_000);
  });
});
