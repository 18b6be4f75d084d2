import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { CampaignsConfig } from '../config.js';
import type { PaceState } from './pacing.js';

/** Moves the pace's last message time forward to ARGV[1] (never back: sends complete out of order). */
const ADVANCE = `local last = tonumber(redis.call('hget', KEYS[1], 'lastAt')) if last ~= nil and last < tonumber(ARGV[1]) then redis.call('hset', KEYS[1], 'lastAt', ARGV[1]) end return 0`;

/**
 * A WhatsApp connection's campaign pace, in Redis so it outlives restarts and is shared by every
 * replica and campaign: when its last message started (or completed) and how many went out (which replica sends
 * on it is a lease in PostgreSQL: CampaignRunner).
 */
@Injectable()
export class ConnectionPace {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: CampaignsConfig,
  ) {}

  async state(whatsappId: number): Promise<PaceState | null> {
    const [lastAt, count] = await this.redis.hmget(this.paceKey(whatsappId), 'lastAt', 'count');
    return lastAt === null ? null : { lastAt: Number(lastAt), count: Number(count ?? 0) };
  }

  /** A message started at `at` on the connection. */
  async record(whatsappId: number, at: number): Promise<void> {
    await this.redis
      .multi()
      .hset(this.paceKey(whatsappId), 'lastAt', String(at))
      .hincrby(this.paceKey(whatsappId), 'count', 1)
      .pexpire(this.paceKey(whatsappId), 7 * 86_400_000)
      .exec();
  }

  /**
   * A message sent at the turn recorded last completed at `at` (its answer came back): the next
   * turn counts from then, as the sessions service's pacer does (it keeps a campaign's gap after the
   * previous send completed), so the campaign's turns do not run ahead of that pacer and pile sends
   * up there, each holding a database connection here while it waits.
   */
  async completed(whatsappId: number, at: number): Promise<void> {
    await this.redis.eval(ADVANCE, 1, this.paceKey(whatsappId), String(at));
  }

  private paceKey(whatsappId: number): string {
    return `${this.config.REDIS_PREFIX}campaigns:pace:${whatsappId}`;
  }
}
