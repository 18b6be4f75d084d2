import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  AppError,
  ErrorCode,
  type Actor,
  type ClientInfo,
  type IssuedSession,
  type LoginDto,
  type SessionUserView,
} from '@atrium/contracts';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';
import { IdentityEvents } from '../shared/identity.events.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SessionUserLoader } from '../users/session-user.loader.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import { LoginPolicy } from './login-policy.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { formatRefreshToken, hashSecret, newSecret, newSessionId, parseRefreshToken, sameHash } from './refresh-token.js';
import { RefreshSessionsRepository } from '../login-sessions/refresh-sessions.repository.js';

/** How long the hash before a rotation still refreshes (two tabs refreshing at the same moment). */
const ROTATION_GRACE_MS = 60_000;

@Injectable()
export class AuthService {
  private readonly jwt: JwtService;
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(LoginPolicy) private readonly policy: LoginPolicy,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RefreshSessionsRepository) private readonly sessions: RefreshSessionsRepository,
    @Inject(SessionUserLoader) private readonly sessionUsers: SessionUserLoader,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
  ) {
    this.jwt = new JwtService({
      secret: config.JWT_SECRET,
      signOptions: { algorithm: 'HS256', expiresIn: config.ACCESS_TOKEN_TTL_SECONDS },
    });
  }

  /** One active login per user: a new login ends the others, tells their sockets why, then disconnects them. */
  async login(credentials: LoginDto, client: ClientInfo): Promise<IssuedSession> {
    await this.limiter.admit(credentials.email, client.ip);
    const found = await this.database.asSystem((tx) => this.users.findByEmailWithCompany(tx, credentials.email));
    this.dummyHash ??= this.passwords.hash(newSecret());
    const valid = await this.passwords.verify(found?.user.passwordHash ?? (await this.dummyHash), credentials.password);
    if (!found || !valid) {
      await this.recordFailedLogin(credentials.email, found?.user ?? null, client);
      throw new AppError(ErrorCode.ERR_INVALID_CREDENTIALS);
    }
    await this.limiter.recordSuccess(credentials.email, client.ip);
    await this.policy.assertPasswordAllowed(found.user);
    return this.openSession(found.user, found.company, client);
  }

  /** Opens a login for a user whose identity was proven (a password, or their company's single sign-on). */
  async openSession(user: UserRow, company: { status: boolean; dueDate: string | null }, client: ClientInfo): Promise<IssuedSession> {
    this.policy.assertCompanyMayLogIn(company, user.super);

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
      await this.audit.record(tx, user.companyId, {
        actor: { userId: user.id },
        action: 'auth.login',
        entityType: 'user',
        entityId: user.id,
        client,
      });
      return this.loadUser(tx, user.companyId, user.id);
    });
    // the other logins' sockets hear why (company-{id}-auth) before the new state ends them
    this.events.loggedInElsewhere(user.companyId, user.id, sessionId);
    await this.actorStates.write(view, sessionId);
    return this.issue(view, sessionId, formatRefreshToken({ sessionId, secret }), expiresAt);
  }

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
    const expiresAt = this.refreshExpiry();
    const view = await this.database.withTenant(session.companyId, async (tx) => {
      const rotated = await this.sessions.rotate(tx, session.id, session.tokenHash, hashSecret(secret), expiresAt);
      if (!rotated) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
      return this.loadUser(tx, session.companyId, session.userId);
    });
    this.policy.assertCompanyMayLogIn({ status: view.company.status, dueDate: view.company.dueDate }, view.super);
    await this.actorStates.write(view, session.id);
    return this.issue(view, session.id, formatRefreshToken({ sessionId: session.id, secret }), expiresAt);
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

  /** A log out: the session revoked and the audit entry in one transaction (a repeat of an ended one is not logged again). */
  private async endSession(session: { id: string; userId: number; companyId: number; revokedAt: Date | null }): Promise<void> {
    await this.database.withTenant(session.companyId, async (tx) => {
      await this.sessions.revoke(tx, session.id);
      if (!session.revokedAt) {
        await this.audit.record(tx, session.companyId, {
          actor: { userId: session.userId },
          action: 'auth.logout',
          entityType: 'user',
          entityId: session.userId,
        });
      }
    });
    await this.actorStates.remove(session.userId, session.id);
  }

  /** A wrong password (the account's company files it) or an unknown e-mail (the platform's company files it: super users see it). */
  private async recordFailedLogin(email: string, user: { id: number; companyId: number } | null, client: ClientInfo): Promise<void> {
    await this.database.asSystem(async (tx) => {
      const companyId = user?.companyId ?? (await this.companies.platformCompany(tx))?.id;
      if (companyId === undefined) return;
      await this.audit.record(tx, companyId, {
        actor: user ? { userId: user.id } : null,
        action: 'auth.loginFailed',
        entityType: 'user',
        entityId: user?.id ?? null,
        detail: email.slice(0, 254),
        client,
      });
    });
  }

  me(actor: Actor): Promise<SessionUserView> {
    return this.database.withTenant(actor.companyId, (tx) => this.loadUser(tx, actor.companyId, actor.userId));
  }

  private async loadUser(tx: IdentityTx, companyId: number, userId: number): Promise<SessionUserView> {
    const view = await this.sessionUsers.load(tx, companyId, userId);
    if (!view) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    return view;
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  private async issue(user: SessionUserView, sessionId: string, refreshToken: string, expiresAt: Date): Promise<IssuedSession> {
    const token = await this.jwt.signAsync({ sub: user.id, companyId: user.companyId, sid: sessionId });
    return { token, refreshToken, refreshExpiresAt: expiresAt.toISOString(), user };
  }
}
