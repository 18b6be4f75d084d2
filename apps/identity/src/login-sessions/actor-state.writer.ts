import { Inject, Injectable } from '@nestjs/common';
import { actorStateKey, PLAN_FLAGS, type ActorState, type SessionUserView } from '@atrium/contracts';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';
import { IdentityEvents } from '../shared/identity.events.js';

/**
 * Deletes the state when it belongs to the login ARGV[1] (or to any login when ARGV[1] is ''),
 * in one step, so a login written meanwhile is never deleted; answers the deleted state.
 */
const REMOVE_STATE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
if ARGV[1] ~= '' and cjson.decode(raw).sessionId ~= ARGV[1] then return nil end
redis.call('DEL', KEYS[1])
return raw`;

/** Replaces the state (keeping its expiry) only while it belongs to the login ARGV[1]. */
const REWRITE_STATE = `
local raw = redis.call('GET', KEYS[1])
if not raw or cjson.decode(raw).sessionId ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1`;

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
 * every request and socket handshake: replacing it ends the other logins at once; removing it
 * ends all of them. Each login it ends is then announced (sessionEnded), so every gateway
 * disconnects that login's sockets at once.
 */
@Injectable()
export class ActorStateWriter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
  ) {}

  /** Makes `sessionId` the user's one live login; a different login it replaces has ended. */
  async write(user: SessionUserView, sessionId: string): Promise<void> {
    const previous = await this.redis.set(
      this.key(user.id),
      JSON.stringify(toActorState(user, sessionId)),
      'EX',
      this.config.REFRESH_TOKEN_TTL_SECONDS,
      'GET',
    );
    this.announceEnded(previous, sessionId);
  }

  async current(userId: number): Promise<ActorState | null> {
    const raw = await this.redis.get(this.key(userId));
    return raw ? (JSON.parse(raw) as ActorState) : null;
  }

  /** After a change to the user, company or plan: rewrites the state of a user who is logged in. */
  async refresh(user: SessionUserView): Promise<void> {
    const state = await this.current(user.id);
    if (!state) return;
    // only while that login is still the live one: an ended login never comes back
    await this.redis.eval(REWRITE_STATE, 1, this.key(user.id), state.sessionId, JSON.stringify(toActorState(user, state.sessionId)));
  }

  /** Ends the user's live login (only when it is `onlySessionId`, if given). */
  async remove(userId: number, onlySessionId?: string): Promise<void> {
    const removed = (await this.redis.eval(REMOVE_STATE, 1, this.key(userId), onlySessionId ?? '')) as string | null;
    this.announceEnded(removed);
  }

  private announceEnded(raw: string | null, unlessSessionId?: string): void {
    if (!raw) return;
    const ended = JSON.parse(raw) as ActorState;
    if (ended.sessionId !== unlessSessionId) this.events.sessionEnded(ended.companyId, ended.userId, ended.sessionId);
  }

  private key(userId: number): string {
    return actorStateKey(this.config.REDIS_PREFIX, userId);
  }
}
