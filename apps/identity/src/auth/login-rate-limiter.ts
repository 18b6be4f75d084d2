import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';

/**
 * Fixed-window limits in Redis: attempts per IP, and failures per account (so an attacker
 * spreading over many IPs still cannot guess one account's password).
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Counts this attempt; refuses it when the IP or the account is over its limit. */
  async admit(email: string, ip: string | undefined): Promise<void> {
    const window = this.config.LOGIN_WINDOW_SECONDS;
    const multi = this.redis.multi();
    if (ip) multi.incr(this.ipKey(ip)).expire(this.ipKey(ip), window, 'NX');
    multi.get(this.accountKey(email));
    const results = (await multi.exec()) ?? [];
    const ipAttempts = ip ? Number(results[0]?.[1] ?? 0) : 0;
    const failures = Number(results[results.length - 1]?.[1] ?? 0);
    if (ipAttempts > this.config.LOGIN_MAX_ATTEMPTS_PER_IP || failures >= this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT) {
      throw new AppError(ErrorCode.ERR_TOO_MANY_ATTEMPTS);
    }
  }

  async recordFailure(email: string): Promise<void> {
    await this.redis.multi().incr(this.accountKey(email)).expire(this.accountKey(email), this.config.LOGIN_WINDOW_SECONDS, 'NX').exec();
  }

  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.accountKey(email));
  }

  private ipKey(ip: string): string {
    return `${this.config.REDIS_PREFIX}login:ip:${ip}`;
  }

  private accountKey(email: string): string {
    return `${this.config.REDIS_PREFIX}login:fail:${email.toLowerCase()}`;
  }
}
