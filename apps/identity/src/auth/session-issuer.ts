import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppError, ErrorCode, type ClientInfo, type IssuedSession, type SessionUserView } from '@atrium/contracts';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';
import { IdentityEvents } from '../shared/identity.events.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { SessionUserLoader } from '../users/session-user.loader.js';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import { RefreshSessionsRepository } from '../login-sessions/refresh-sessions.repository.js';
import { LoginAudit } from './login-audit.js';
import { formatRefreshToken, hashSecret, newSecret, newSessionId } from './refresh-token.js';

/**
 * Starts a login once every factor was checked (password; password and code; setting up a
 * mandatory second factor) and signs access tokens. One active login per user: a new login ends
 * the others, tells their sockets why, then disconnects them.
 */
@Injectable()
export class SessionIssuer {
  private readonly jwt: JwtService;

  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(RefreshSessionsRepository) private readonly sessions: RefreshSessionsRepository,
    @Inject(SessionUserLoader) private readonly sessionUsers: SessionUserLoader,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
    @Inject(LoginAudit) private readonly audit: LoginAudit,
  ) {
    this.jwt = new JwtService({
      secret: config.JWT_SECRET,
      signOptions: { algorithm: 'HS256', expiresIn: config.ACCESS_TOKEN_TTL_SECONDS },
    });
  }

  async start(user: { id: number; companyId: number }, client: ClientInfo): Promise<IssuedSession> {
    const sessionId = newSessionId();
    const secret = newSecret();
    const expiresAt = this.refreshExpiry();
    const view = await this.database.withTenant(user.companyId, async (tx) => {
      await this.sessions.revokeAllOf(tx, user.id);
      await this.sessions.insert(tx, {
        id: sessionId,
        userId: user.id,
        companyId: user.companyId,
        tokenHash: hashSecret(secret),
        expiresAt,
        ip: client.ip?.slice(0, 64),
        userAgent: client.userAgent?.slice(0, 300),
      });
      await this.audit.loggedIn(tx, user, client);
      return this.loadUser(tx, user.companyId, user.id);
    });
    // the other logins' sockets hear why (company-{id}-auth) before the new state ends them
    this.events.loggedInElsewhere(user.companyId, user.id, sessionId);
    await this.actorStates.write(view, sessionId);
    return this.sign(view, sessionId, formatRefreshToken({ sessionId, secret }), expiresAt);
  }

  async loadUser(tx: IdentityTx, companyId: number, userId: number): Promise<SessionUserView> {
    const view = await this.sessionUsers.load(tx, companyId, userId);
    if (!view) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    return view;
  }

  refreshExpiry(): Date {
    return new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  async sign(user: SessionUserView, sessionId: string, refreshToken: string, expiresAt: Date): Promise<IssuedSession> {
    const token = await this.jwt.signAsync({ sub: user.id, companyId: user.companyId, sid: sessionId });
    return { token, refreshToken, refreshExpiresAt: expiresAt.toISOString(), user };
  }
}
