import { AppError, ErrorCode } from '@atrium/contracts';
import type { Redis } from 'ioredis';

/** How long a second call waits for a first one with the same key still running. */
const IN_FLIGHT_WAIT_MS = 20_000;
/** A resendable call's mark while it runs: this long, renewed by its process every third of it (a process that died lets it lapse). */
export const IN_FLIGHT_MARK_MS = 9_000;

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
 *
 * `resendable`: the work may run again without a second effect (a send with its own WhatsApp
 * message id, `newMessageId`). Then no failure keeps the mark, and while the work runs the mark
 * lasts only IN_FLIGHT_MARK_MS, renewed by this process: when the process dies mid-call (a
 * replica killed) the mark lapses and a retry runs the work again, instead of waiting for an
 * answer that will never come.
 */
export async function once<T>(
  redis: Redis,
  key: string,
  fingerprint: string,
  ttlSeconds: number,
  work: () => Promise<T>,
  { resendable = false }: { resendable?: boolean } = {},
): Promise<{ result: T; duplicate: boolean }> {
  const inFlight = JSON.stringify({ fingerprint } satisfies Mark<T>);
  const claimed = resendable
    ? (await redis.set(key, inFlight, 'PX', IN_FLIGHT_MARK_MS, 'NX')) === 'OK'
    : (await redis.set(key, inFlight, 'EX', ttlSeconds, 'NX')) === 'OK';
  if (!claimed) return { result: await earlier<T>(redis, key, fingerprint), duplicate: true };
  const renewal = resendable
    ? setInterval(
        () => void redis.eval(RENEW_IN_FLIGHT, 1, key, inFlight, String(IN_FLIGHT_MARK_MS)).catch(() => undefined),
        IN_FLIGHT_MARK_MS / 3,
      )
    : undefined;
  try {
    const result = await work();
    await redis.set(key, JSON.stringify({ fingerprint, result } satisfies Mark<T>), 'EX', ttlSeconds);
    return { result, duplicate: false };
  } catch (error) {
    if (resendable || !(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await redis.del(key);
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/** Extends an in-flight mark, only while it is still the in-flight one (not yet holding the answer). */
const RENEW_IN_FLIGHT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

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
