import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';

/**
 * Admits an attempt when neither counter (KEYS[1] account+IP, KEYS[2] IP) asks it to wait, and
 * counts it on both in the same step, so parallel attempts cannot slip past a wait. A counter
 * lets ARGV[n] attempts through freely, then asks each next one to wait base·2^(over) ms after
 * the last (at most max ms). Answers the milliseconds left to wait, 0 when admitted.
 * ARGV: free per account+IP, free per IP, base ms, max ms, memory seconds.
 */
const ADMIT = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local base, max, memory = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local wait = 0
for i = 1, 2 do
  local count = tonumber(redis.call('HGET', KEYS[i], 'count') or '0')
  local free = tonumber(ARGV[i])
  if count >= free then
    local delay = math.min(max, base * 2 ^ (count - free))
    local last = tonumber(redis.call('HGET', KEYS[i], 'last') or '0')
    wait = math.max(wait, last + delay - nowMs)
  end
end
if wait > 0 then return math.ceil(wait) end
for i = 1, 2 do
  redis.call('HINCRBY', KEYS[i], 'count', 1)
  redis.call('HSET', KEYS[i], 'last', nowMs)
  redis.call('EXPIRE', KEYS[i], memory)
end
return 0`;

/**
 * Takes a login's successful attempts (ARGV[1]: the password, and the code of a two-factor login)
 * back off the IP's counter (failures alone slow an IP) and forgets the account+IP's.
 */
const SUCCEEDED = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('HINCRBY', KEYS[2], 'count', -tonumber(ARGV[1]))) <= 0 then redis.call('DEL', KEYS[2]) end
return 0`;

/**
 * Slows password guessing without letting anyone lock an account's owner out (issue 9 item 7).
 *
 * Two counters of attempts, in Redis: per account and IP, and per IP. Each lets a few attempts
 * through (LOGIN_FREE_FAILURES_PER_ACCOUNT_IP, LOGIN_FREE_FAILURES_PER_IP), then makes each next
 * attempt wait a delay that doubles (LOGIN_BACKOFF_BASE_MS, 2×, 4×, … at most
 * LOGIN_BACKOFF_MAX_SECONDS) after the previous one; an attempt inside the wait is refused with
 * 429 ERR_TOO_MANY_ATTEMPTS and `data.retryAfterMs`, before the password is even checked. An
 * attempt is counted when admitted, so parallel guesses are slowed like sequential ones. A
 * success forgets the account+IP counter and takes itself back off the IP's (only failures slow
 * an IP, so an office behind one address is not slowed by its users' logins). Counters are
 * forgotten LOGIN_FAILURE_MEMORY_SECONDS after their last attempt.
 *
 * There is deliberately no counter per account alone: it would let anyone who knows an e-mail
 * keep its owner out. The owner logs in from any other IP at once, and from the attacker's IP
 * with the right password once the wait is over. A guesser spread over many IPs gets a few tries
 * per IP and account, then waits; that residual risk is met by the strong-password rule.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Counts this attempt, or refuses it (429) while the account+IP or the IP must wait. */
  async admit(email: string, ip: string | undefined): Promise<void> {
    const config = this.config;
    const wait = Number(
      await this.redis.eval(
        ADMIT,
        2,
        this.accountKey(email, ip),
        this.ipKey(ip),
        config.LOGIN_FREE_FAILURES_PER_ACCOUNT_IP,
        config.LOGIN_FREE_FAILURES_PER_IP,
        config.LOGIN_BACKOFF_BASE_MS,
        config.LOGIN_BACKOFF_MAX_SECONDS * 1000,
        config.LOGIN_FAILURE_MEMORY_SECONDS,
      ),
    );
    if (wait > 0) throw new AppError(ErrorCode.ERR_TOO_MANY_ATTEMPTS, { data: { retryAfterMs: wait } });
  }

  /** `steps`: the successful attempts of this login (2 when a two-factor code completed a right password). */
  async recordSuccess(email: string, ip: string | undefined, steps: 1 | 2 = 1): Promise<void> {
    await this.redis.eval(SUCCEEDED, 2, this.accountKey(email, ip), this.ipKey(ip), steps);
  }

  private ipKey(ip: string | undefined): string {
    return `${this.config.REDIS_PREFIX}login:ip:${ip ?? 'unknown'}`;
  }

  private accountKey(email: string, ip: string | undefined): string {
    return `${this.config.REDIS_PREFIX}login:account-ip:${email.toLowerCase()}:${ip ?? 'unknown'}`;
  }
}
