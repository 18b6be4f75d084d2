import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';

/** Reset codes mailed to one address per hour, at most. */
export const MAX_MAILS_PER_HOUR = 5;

/** Counts the reset mails of an address in Redis for an hour; ERR_TOO_MANY_ATTEMPTS beyond the limit. */
@Injectable()
export class ResetMailThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async admit(email: string): Promise<void> {
    const key = `${this.config.REDIS_PREFIX}reset-mail:${email.toLowerCase()}`;
    const [[, sent]] = ((await this.redis.multi().incr(key).expire(key, 3600, 'NX').exec()) ?? [[null, 0]]) as [[unknown, number]];
    if (sent > MAX_MAILS_PER_HOUR) throw new AppError(ErrorCode.ERR_TOO_MANY_ATTEMPTS);
  }
}
