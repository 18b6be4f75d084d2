import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type ClientInfo, type IssuedSession, type LoginChallenge, type LoginDto } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';
import { LoginAudit } from './login-audit.js';
import { LoginPolicy } from './login-policy.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { newSecret } from './refresh-token.js';
import { SecondFactorGate } from './second-factor-gate.js';
import { SessionIssuer } from './session-issuer.js';

/**
 * POST /auth/login: checks the password, then either starts the login or answers a two-factor
 * challenge without a token (SecondFactorGate). The rate limiter's counters are forgotten only
 * when the login completes, so a known password does not reset the slowing of code guesses.
 */
@Injectable()
export class PasswordLogin {
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(LoginPolicy) private readonly policy: LoginPolicy,
    @Inject(SecondFactorGate) private readonly secondFactor: SecondFactorGate,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @Inject(LoginAudit) private readonly audit: LoginAudit,
  ) {}

  async login(credentials: LoginDto, client: ClientInfo): Promise<IssuedSession | LoginChallenge> {
    await this.limiter.admit(credentials.email, client.ip);
    const found = await this.database.asSystem((tx) => this.users.findByEmailWithCompany(tx, credentials.email));
    this.dummyHash ??= this.passwords.hash(newSecret());
    const valid = await this.passwords.verify(found?.user.passwordHash ?? (await this.dummyHash), credentials.password);
    if (!found || !valid) {
      await this.audit.failed(credentials.email, found?.user ?? null, client);
      throw new AppError(ErrorCode.ERR_INVALID_CREDENTIALS);
    }
    const { user, company } = found;
    await this.policy.assertPasswordAllowed(user);
    this.policy.assertCompanyMayLogIn(company, user.super);

    const challenge = await this.secondFactor.challengeFor(user);
    if (challenge) return challenge;
    await this.limiter.recordSuccess(credentials.email, client.ip);
    return this.issuer.start(user, client);
  }
}
