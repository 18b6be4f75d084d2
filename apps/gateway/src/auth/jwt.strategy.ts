import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { AppError, ErrorCode, type ActorState } from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { GatewayConfig } from '../config.js';
import type { AccessTokenClaims } from './access-token.js';
import { ActorStateStore } from './actor-state.store.js';

/**
 * Verifies the bearer token, then checks that its login is still the user's active one and
 * loads the user's current profile, queues and plan flags. A login elsewhere, a logout or a
 * deleted user ends the session at once (401), not when the token expires.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    @Inject(ActorStateStore) private readonly actors: ActorStateStore,
  ) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: config.JWT_SECRET, algorithms: ['HS256'] });
  }

  async validate(claims: AccessTokenClaims): Promise<ActorState> {
    const state = await this.actors.get(claims.sub);
    if (!state || state.sessionId !== claims.sid) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    return state;
  }
}
