import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  twoFactorMandatoryFor,
  type Actor,
  type ClientInfo,
  type IssuedSession,
  type LoginChallenge,
  type LoginDto,
  type SessionUserView,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { CompanyCalendar } from '../shared/dates.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import { LoginChallenges } from './login-challenges.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { formatRefreshToken, hashSecret, newSecret, parseRefreshToken, sameHash } from './refresh-token.js';
import { RefreshSessionsRepository } from '../login-sessions/refresh-sessions.repository.js';
import { SessionIssuer } from './session-issuer.js';

/** How long the hash before a rotation still refreshes (two tabs refreshing at the same moment). */
const ROTATION_GRACE_MS = 60_000;

@Injectable()
export class AuthService {
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(CompanyCalendar) private readonly calendar: CompanyCalendar,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(RefreshSessionsRepository) private readonly sessions: RefreshSessionsRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(LoginChallenges) private readonly challenges: LoginChallenges,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
  ) {}

  /**
   * Checks the password; then either starts the login, or (issue 28) answers a challenge without a
   * token: the user's second factor (POST /auth/login/2fa), or setting one up when the company
   * requires it (POST /auth/2fa/setup and /enable with the challenge). The rate limiter's counters
   * are forgotten only when the login completes, so a known password does not reset the slowing of
   * code guesses.
   */
  async login(credentials: LoginDto, client: ClientInfo): Promise<IssuedSession | LoginChallenge> {
    await this.limiter.admit(credentials.email, client.ip);
    const found = await this.database.asSystem((tx) => this.users.findByEmailWithCompany(tx, credentials.email));
    this.dummyHash ??= this.passwords.hash(newSecret());
    const valid = await this.passwords.verify(found?.user.passwordHash ?? (await this.dummyHash), credentials.password);
    if (!found || !valid) throw new AppError(ErrorCode.ERR_INVALID_CREDENTIALS);
    const { user, company } = found;
    this.assertCompanyMayLogIn(company, user.super);

    const challenge = { userId: user.id, companyId: user.companyId, email: user.email };
    if (user.twoFactorSecret !== null)
      return { twoFactorRequired: true, challenge: await this.challenges.issue({ ...challenge, kind: 'login' }) };
    const mandatory = await this.database.withTenant(user.companyId, (tx) => this.settings.get(tx, user.companyId, 'twoFactorMandatory'));
    if (twoFactorMandatoryFor(mandatory, user))
      return { twoFactorSetupRequired: true, challenge: await this.challenges.issue({ ...challenge, kind: 'setup' }) };

    await this.limiter.recordSuccess(credentials.email, client.ip);
    return this.issuer.start(user, client);
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
    const expiresAt = this.issuer.refreshExpiry();
    const view = await this.database.withTenant(session.companyId, async (tx) => {
      const rotated = await this.sessions.rotate(tx, session.id, session.tokenHash, hashSecret(secret), expiresAt);
      if (!rotated) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
      return this.loadUser(tx, session.companyId, session.userId);
    });
    this.assertCompanyMayLogIn({ status: view.company.status, dueDate: view.company.dueDate }, view.super);
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
    await this.database.withTenant(session.companyId, (tx) => this.sessions.revoke(tx, session.id));
    await this.actorStates.remove(session.userId, session.id);
  }

  /** Ends the login an access token belongs to (a log out with the bearer token and no refresh cookie). */
  async endLogin(actor: Actor): Promise<void> {
    const session = await this.database.asSystem((tx) => this.sessions.findById(tx, actor.sessionId));
    if (!session || session.userId !== actor.userId || session.companyId !== actor.companyId) return;
    await this.database.withTenant(session.companyId, (tx) => this.sessions.revoke(tx, session.id));
    await this.actorStates.remove(session.userId, session.id);
  }

  me(actor: Actor): Promise<SessionUserView> {
    return this.database.withTenant(actor.companyId, (tx) => this.loadUser(tx, actor.companyId, actor.userId));
  }

  private loadUser(tx: IdentityTx, companyId: number, userId: number): Promise<SessionUserView> {
    return this.issuer.loadUser(tx, companyId, userId);
  }

  private assertCompanyMayLogIn(company: { status: boolean; dueDate: string | null }, isSuper: boolean): void {
    if (isSuper) return;
    if (!company.status) throw new AppError(ErrorCode.ERR_COMPANY_INACTIVE);
    if (this.calendar.isPastDue(company.dueDate))
      throw new AppError(ErrorCode.ERR_SUBSCRIPTION_EXPIRED, { data: { dueDate: company.dueDate } });
  }
}
