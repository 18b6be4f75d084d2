import { Inject, Injectable } from '@nestjs/common';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';

/** What a started login keeps until the provider sends the browser back. */
export interface SsoLoginState {
  companyId: number;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/** A started login lives 10 minutes. */
export const SSO_STATE_TTL_SECONDS = 600;

/** State, nonce and PKCE verifier of started logins, in Redis under their state: taken once (GETDEL), gone after 10 minutes. */
@Injectable()
export class SsoLoginStates {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async save(state: string, value: SsoLoginState): Promise<void> {
    await this.redis.set(this.key(state), JSON.stringify(value), 'EX', SSO_STATE_TTL_SECONDS);
  }

  /** The login the state belongs to, which no second callback can take again; undefined when unknown, used or expired. */
  async take(state: string): Promise<SsoLoginState | undefined> {
    const stored = await this.redis.getdel(this.key(state));
    return stored ? (JSON.parse(stored) as SsoLoginState) : undefined;
  }

  key(state: string): string {
    return `${this.config.REDIS_PREFIX}sso:state:${state}`;
  }
}
