import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';

const SIGNUP_WINDOW_SECONDS = 3600;

/** A fixed window of signup attempts per client IP, so nobody mass-creates tenants or probes e-mails. */
@Injectable()
export class SignupRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async admit(ip: string | undefined): Promise<void> {
    if (!ip) return;
    const key = `${this.config.REDIS_PREFIX}signup:ip:${ip}`;
    const results = await this.redis.multi().incr(key).expire(key, SIGNUP_WINDOW_SECONDS, 'NX').exec();
    if (Number(results?.[0]?.[1] ?? 0) > this.config.SIGNUPS_PER_IP_PER_HOUR) throw new AppError(ErrorCode.ERR_TOO_MANY_ATTEMPTS);
  }
}
