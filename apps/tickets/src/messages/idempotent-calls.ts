import { AppError, ErrorCode } from '@atrium/contracts';
import type { Redis } from 'ioredis';

/** How long a second call waits for a first one with the same key still running. */
const IN_FLIGHT_WAIT_MS = 20_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a key's Redis mark holds: the call's fingerprint, and its answer once it succeeded. */
interface Mark<T> {
  fingerprint: string;
  result?: T;
}

/**
 * Runs a call at most once per key (campaign shippings, the external API's `Idempotency-Key`):
 * a Redis mark is set before the work and holds its answer after it, for `ttlSeconds`. A second
 * call with the key answers the first one's result (waiting while it runs) and `duplicate: true`;
 * with another fingerprint it is refused (ERR_IDEMPOTENCY_KEY_REUSED). A call refused before or
 * by the connection sent nothing, so its mark goes and a retry may send; one whose answer never
 * came (ERR_SERVICE_UNAVAILABLE) keeps it, as the send may have gone.
 */
export async function once<T>(
  redis: Redis,
  key: string,
  fingerprint: string,
  ttlSeconds: number,
  work: () => Promise<T>,
): Promise<{ result: T; duplicate: boolean }> {
  const claimed = (await redis.set(key, JSON.stringify({ fingerprint } satisfies Mark<T>), 'EX', ttlSeconds, 'NX')) === 'OK';
  if (!claimed) return { result: await earlier<T>(redis, key, fingerprint), duplicate: true };
  try {
    const result = await work();
    await redis.set(key, JSON.stringify({ fingerprint, result } satisfies Mark<T>), 'EX', ttlSeconds);
    return { result, duplicate: false };
  } catch (error) {
    if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await redis.del(key);
    throw error;
  }
}

/** The same key was used (or is being used) before: its answer. */
async function earlier<T>(redis: Redis, key: string, fingerprint: string): Promise<T> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const raw = await redis.get(key);
    if (raw === null) throw new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'an earlier try failed; try again' } });
    const mark = JSON.parse(raw) as Mark<T>;
    if (mark.fingerprint !== fingerprint) throw new AppError(ErrorCode.ERR_IDEMPOTENCY_KEY_REUSED);
    if (mark.result !== undefined) return mark.result;
    if (Date.now() > deadline) throw new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'an earlier try is still sending' } });
    await sleep(100);
  }
}
