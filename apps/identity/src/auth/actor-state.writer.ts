import { Inject, Injectable } from '@nestjs/common';
import { actorStateKey, PLAN_FLAGS, type ActorState, type SessionUserView } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';

export function toActorState(user: SessionUserView, sessionId: string): ActorState {
  return {
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    queueIds: user.queueIds,
    allTicket: user.allTicket,
    sessionId,
    planFlags: Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, user.company.plan[flag]])) as ActorState['planFlags'],
  };
}

/**
 * Keeps, in Redis, the live state of each user's one active session, which the gateway reads on
 * every request: replacing it ends the other logins at once; removing it ends all of them.
 */
@Injectable()
export class ActorStateWriter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async write(user: SessionUserView, sessionId: string): Promise<void> {
    await this.redis.set(this.key(user.id), JSON.stringify(toActorState(user, sessionId)), 'EX', this.config.REFRESH_TOKEN_TTL_SECONDS);
  }

  async current(userId: number): Promise<ActorState | null> {
    const raw = await this.redis.get(this.key(userId));
    return raw ? (JSON.parse(raw) as ActorState) : null;
  }

  /** After a change to the user, company or plan: rewrites the state of a user who is logged in. */
  async refresh(user: SessionUserView): Promise<void> {
    const state = await this.current(user.id);
    if (!state) return;
    const ttl = await this.redis.ttl(this.key(user.id));
    await this.redis.set(this.key(user.id), JSON.stringify(toActorState(user, state.sessionId)), 'EX', Math.max(ttl, 1));
  }

  async remove(userId: number, onlySessionId?: string): Promise<void> {
    if (onlySessionId !== undefined) {
      const state = await this.current(userId);
      if (state?.sessionId !== onlySessionId) return;
    }
    await this.redis.del(this.key(userId));
  }

  private key(userId: number): string {
    return actorStateKey(this.config.REDIS_PREFIX, userId);
  }
}
