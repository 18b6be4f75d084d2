import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type ClientInfo,
  type IssuedSession,
  type TwoFactorEnableDto,
  type TwoFactorEnabledView,
  type TwoFactorSetupView,
} from '@atrium/contracts';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { LoginChallenges } from '../auth/login-challenges.js';
import { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import { SessionIssuer } from '../auth/session-issuer.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SecondFactors } from './second-factors.js';
import { auditTwoFactorChange, type TwoFactorTarget } from './two-factor-changes.js';
import { totp } from './totp.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/**
 * Turning two-factor login on (issue 28): a pending secret, then a code of it enables it and
 * answers ten recovery codes, shown once. Logged in (the profile), or with the setup challenge of
 * a login the company requires 2FA for, which the enable then completes (`session`).
 */
@Injectable()
export class TwoFactorEnrolmentService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(TwoFactorRepository) private readonly repository: TwoFactorRepository,
    @Inject(SecondFactors) private readonly factors: SecondFactors,
    @Inject(LoginChallenges) private readonly challenges: LoginChallenges,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** A new secret, pending until a code of it enables it (a second setup replaces the first). */
  async setup(actor: Actor | undefined, challengeId: string | undefined): Promise<TwoFactorSetupView> {
    const target = await this.targetOf(actor, challengeId);
    return this.database.withTenant(target.companyId, async (tx) => {
      const state = await this.factors.stateOf(tx, target);
      if (state.twoFactorSecret !== null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_ALREADY_ENABLED);
      const secret = totp.newSecret();
      await this.repository.setPending(tx, target.companyId, target.userId, this.factors.sealSecret(secret, state));
      return { secret, otpauthUrl: totp.otpauthUrl(secret, state.email) };
    });
  }

  async enable(
    actor: Actor | undefined,
    dto: TwoFactorEnableDto,
    client: ClientInfo,
  ): Promise<TwoFactorEnabledView & { session?: IssuedSession }> {
    const target = await this.targetOf(actor, dto.challenge);
    const state = await this.database.withTenant(target.companyId, (tx) => this.factors.stateOf(tx, target));
    await this.limiter.admit(state.email, client.ip);
    if (state.twoFactorSecret !== null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_ALREADY_ENABLED);
    const pending = state.twoFactorPendingSecret;
    if (pending === null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_NOT_SET_UP);
    const step = await totp.matchingStep(this.factors.openSecret(pending, state), dto.code, null);
    if (step === null) throw new AppError(ErrorCode.ERR_INVALID_TWO_FACTOR_CODE);

    const { codes: recoveryCodes, hashes } = await this.factors.newRecoveryCodes();
    await this.database.withTenant(target.companyId, async (tx) => {
      if (!(await this.repository.enable(tx, target.companyId, target.userId, pending, step)))
        throw new AppError(ErrorCode.ERR_TWO_FACTOR_ALREADY_ENABLED);
      await this.repository.replaceRecoveryCodes(tx, target.companyId, target.userId, hashes);
      await auditTwoFactorChange(this.audit, tx, target, 'enabled', target.userId);
    });
    // with a setup challenge, the login's right password comes off the IP's counter too
    await this.limiter.recordSuccess(state.email, client.ip, dto.challenge ? 2 : 1);
    if (!dto.challenge) return { recoveryCodes };
    if (!(await this.challenges.consume(dto.challenge))) throw new AppError(ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED);
    return { recoveryCodes, session: await this.issuer.start({ id: target.userId, companyId: target.companyId }, client) };
  }

  private async targetOf(actor: Actor | undefined, challengeId: string | undefined): Promise<TwoFactorTarget> {
    if (challengeId) {
      const challenge = await this.challenges.find(challengeId, 'setup');
      return { companyId: challenge.companyId, userId: challenge.userId };
    }
    if (!actor) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    return { companyId: actor.companyId, userId: actor.userId };
  }
}
