import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';

/** `login`: the user has 2FA and must give a code; `setup`: the company requires 2FA the user has not set up. */
export type ChallengeKind = 'login' | 'setup';

export interface LoginChallengeRecord {
  kind: ChallengeKind;
  userId: number;
  companyId: number;
  email: string;
}

/**
 * The step between a right password and a token (issue 28): a random id in Redis naming the user,
 * forgotten after TWO_FACTOR_CHALLENGE_TTL_SECONDS (5 minutes) and consumed by the one attempt
 * that succeeds. A wrong code leaves it in place (the rate limiter slows guessing).
 */
@Injectable()
export class LoginChallenges {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async issue(record: LoginChallengeRecord): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(id), JSON.stringify(record), 'EX', this.config.TWO_FACTOR_CHALLENGE_TTL_SECONDS);
    return id;
  }

  /** The live challenge of this kind, or ERR_TWO_FACTOR_CHALLENGE_EXPIRED. */
  async find(id: string, kind: ChallengeKind): Promise<LoginChallengeRecord> {
    const raw = /^[A-Za-z0-9_-]{20,100}$/.test(id) ? await this.redis.get(this.key(id)) : null;
    const record = raw ? (JSON.parse(raw) as LoginChallengeRecord) : undefined;
    if (!record || record.kind !== kind) throw new AppError(ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED);
    return record;
  }

  /** Takes the challenge; only one caller gets true, so a challenge completes one login. */
  async consume(id: string): Promise<boolean> {
    return (await this.redis.del(this.key(id))) === 1;
  }

  private key(id: string): string {
    return `${this.config.REDIS_PREFIX}login:2fa-challenge:${id}`;
  }
}
