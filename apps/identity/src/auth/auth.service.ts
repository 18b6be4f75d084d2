import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type IssuedSession, type SessionUserView } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import { RefreshSessionsRepository } from '../login-sessions/refresh-sessions.repository.js';
import { LoginAudit } from './login-audit.js';
import { LoginPolicy } from './login-policy.js';
import { formatRefreshToken, hashSecret, newSecret, parseRefreshToken, sameHash } from './refresh-token.js';
import { SessionIssuer } from './session-issuer.js';

/** How long the hash before a rotation still refreshes (two tabs refreshing at the same moment). */
const ROTATION_GRACE_MS = 60_000;

/** A login once started (PasswordLogin, the two-factor step, single sign-on): refresh, log out, who am I. */
@Injectable()
export class AuthService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(RefreshSessionsRepository) private readonly sessions: RefreshSessionsRepository,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @Inject(LoginPolicy) private readonly policy: LoginPolicy,
    @Inject(LoginAudit) private readonly audit: LoginAudit,
  ) {}

  /** Rotates the refresh token; a token used twice (outside the grace) ends the session: it was stolen. */
  async refresh(refreshToken: string): Promise<IssuedSession> {
    const parts = parseRefreshToken(refreshToken);
    if (!parts) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    const session = await this.database.asSystem((tx) => this.sessions.findById(tx, parts.sessionId));
    if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);

    const presented = hashSecret(parts.secret);
    const current = sameHash(session.tokenHash, presented);
    const withinGrace =
      sameHash(session.previousTokenHash, presented) &&
      session.rotatedAt !== null &&
      Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
    if (!current && !withinGrace) {
      await this.database.withTenant(session.companyId, (tx) => this.sessions.revoke(tx, session.id));
      await this.actorStates.remove(session.userId, session.id);
      throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    }

    const secret = newSecret();
    const expiresAt = this.issuer.refreshExpiry();
    const view = await this.database.withTenant(session.companyId, async (tx) => {
      const rotated = await this.sessions.rotate(tx, session.id, session.tokenHash, hashSecret(secret), expiresAt);
      if (!rotated) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
      return this.issuer.loadUser(tx, session.companyId, session.userId);
    });
    this.policy.assertCompanyMayLogIn({ status: view.company.status, dueDate: view.company.dueDate }, view.super);
    await this.actorStates.write(view, session.id);
    return this.issuer.sign(view, session.id, formatRefreshToken({ sessionId: session.id, secret }), expiresAt);
  }

  async logout(refreshToken: string): Promise<void> {
    const parts = parseRefreshToken(refreshToken);
    if (!parts) return;
    const session = await this.database.asSystem((tx) => this.sessions.findById(tx, parts.sessionId));
    if (!session) return;
    const presented = hashSecret(parts.secret);
    if (!sameHash(session.tokenHash, presented) && !sameHash(session.previousTokenHash, presented)) return;
    await this.endSession(session);
  }

  /** Ends the login an access token belongs to (a log out with the bearer token and no refresh cookie). */
  async endLogin(actor: Actor): Promise<void> {
    const session = await this.database.asSystem((tx) => this.sessions.findById(tx, actor.sessionId));
    if (!session || session.userId !== actor.userId || session.companyId !== actor.companyId) return;
    await this.endSession(session);
  }

  me(actor: Actor): Promise<SessionUserView> {
    return this.database.withTenant(actor.companyId, (tx) => this.issuer.loadUser(tx, actor.companyId, actor.userId));
  }

  /** A log out: the session revoked and the audit entry in one transaction (a repeat of an ended one is not logged again). */
  private async endSession(session: { id: string; userId: number; companyId: number; revokedAt: Date | null }): Promise<void> {
    await this.database.withTenant(session.companyId, async (tx) => {
      await this.sessions.revoke(tx, session.id);
      if (!session.revokedAt) await this.audit.loggedOut(tx, session);
    });
    await this.actorStates.remove(session.userId, session.id);
  }
}
