import { Inject, Injectable } from '@nestjs/common';
import { actorStateKey, type ActorState } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config.js';

/** Reads the state identity keeps in Redis for each user's one active session. */
@Injectable()
export class ActorStateStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async get(userId: number): Promise<ActorState | null> {
    const raw = await this.redis.get(actorStateKey(this.config.REDIS_PREFIX, userId));
    return raw ? (JSON.parse(raw) as ActorState) : null;
  }
}
