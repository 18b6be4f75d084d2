import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppError, ErrorCode, type ActorState } from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { AccessTokenClaims } from '../auth/access-token.js';
import { ActorStateStore } from '../auth/actor-state.store.js';
import type { GatewayConfig } from '../config.js';

/** What a socket's handshake carries: the token in the query (spec 000 section 7), or in `auth`. */
export interface HandshakeLike {
  query: Record<string, unknown>;
  auth?: Record<string, unknown>;
}

function isClaims(value: unknown): value is AccessTokenClaims {
  const claims = value as Partial<AccessTokenClaims> | null;
  return typeof claims?.sub === 'number' && typeof claims.companyId === 'number' && typeof claims.sid === 'string';
}

/**
 * Checks a socket's access token as the HTTP guard does (JwtStrategy): HS256 with the shared
 * secret, then the user's live state in Redis must exist and belong to the token's login.
 * Refusals are ERR_SESSION_EXPIRED with the status the HTTP API would answer: 401 without a
 * token or when the login ended (log out), 403 for an expired or invalid token (refresh).
 */
@Injectable()
export class SocketAuthenticator {
  private readonly jwt: JwtService;

  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    @Inject(ActorStateStore) private readonly actors: ActorStateStore,
  ) {
    this.jwt = new JwtService({ secret: config.JWT_SECRET, verifyOptions: { algorithms: ['HS256'] } });
  }

  async authenticate(handshake: HandshakeLike): Promise<ActorState> {
    const token = handshake.query.token ?? handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED, { status: 401 });
    let claims: unknown;
    try {
      claims = await this.jwt.verifyAsync<object>(token);
    } catch {
      throw new AppError(ErrorCode.ERR_SESSION_EXPIRED, { status: 403 });
    }
    if (!isClaims(claims)) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED, { status: 403 });
    return this.currentState(claims.sub, claims.sid);
  }

  /** The user's state while `sessionId` is still their active login; ERR_SESSION_EXPIRED (401) otherwise. */
  async currentState(userId: number, sessionId: string): Promise<ActorState> {
    const state = await this.actors.get(userId);
    if (!state || state.sessionId !== sessionId) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED, { status: 401 });
    return state;
  }
}
