/**
 * Gateway-level sessions without the identity service: signs an access token exactly as
 * identity does ({sub, companyId, sid}, HS256, the stack's JWT_SECRET) and writes the user's
 * ActorState to Redis at actorStateKey(REDIS_PREFIX, userId), which is all the gateway checks.
 * For tests of the gateway itself (socket handshake, fan-out); flows that involve identity log
 * in for real (see tenants.ts).
 */
import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '@atrium/config';
import { actorStateKey, PLAN_FLAGS, type ActorState } from '@atrium/contracts';
import { GatewayConfig } from '@atrium/app-gateway';
import { Redis } from 'ioredis';
import type { Stack } from './stack.js';

export interface FixtureSession {
  token: string;
  actor: ActorState;
}

export class AuthFixtures {
  private readonly redis: Redis;
  private readonly jwt: JwtService;
  private readonly prefix: string;

  constructor(stack: Pick<Stack, 'env'>) {
    const config = loadConfig(GatewayConfig, stack.env);
    this.redis = new Redis(config.REDIS_URL);
    this.jwt = new JwtService({ secret: config.JWT_SECRET, signOptions: { algorithm: 'HS256', expiresIn: 900 } });
    this.prefix = config.REDIS_PREFIX;
  }

  /** Logs a user in (their one active session); defaults to an agent (profile user). */
  async session(user: Pick<ActorState, 'userId' | 'companyId'> & Partial<ActorState>): Promise<FixtureSession> {
    const actor: ActorState = {
      profile: 'user',
      super: false,
      queueIds: [],
      allTicket: 'desabled',
      sessionId: randomUUID(),
      planFlags: Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as ActorState['planFlags'],
      ...user,
    };
    await this.redis.set(actorStateKey(this.prefix, actor.userId), JSON.stringify(actor));
    return { token: this.token(actor.userId, actor.companyId, actor.sessionId), actor };
  }

  /** A token with any claims (e.g. of a session that is not the active one). */
  token(userId: number, companyId: number, sessionId: string): string {
    return this.jwt.sign({ sub: userId, companyId, sid: sessionId });
  }

  /** Ends every login of the user, as a logout or a deleted user does. */
  async endSessions(userId: number): Promise<void> {
    await this.redis.del(actorStateKey(this.prefix, userId));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
