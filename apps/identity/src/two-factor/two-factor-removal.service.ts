import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, twoFactorMandatoryFor, type Actor, type ClientInfo } from '@atrium/contracts';
import { requireSuper } from '@atrium/kernel';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SecondFactors } from './second-factors.js';
import { auditTwoFactorChange } from './two-factor-changes.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/** Turning two-factor login off: by its owner with a code, or by a super user's reset (issue 28). */
@Injectable()
export class TwoFactorRemovalService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(TwoFactorRepository) private readonly repository: TwoFactorRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(SecondFactors) private readonly factors: SecondFactors,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** The actor's own, with a code (TOTP or recovery), unless the company requires it of them. */
  async disable(actor: Actor, code: string, client: ClientInfo): Promise<void> {
    const target = { companyId: actor.companyId, userId: actor.userId };
    const { state, mandatory } = await this.database.withTenant(actor.companyId, async (tx) => ({
      state: await this.factors.stateOf(tx, target),
      mandatory: await this.settings.get(tx, actor.companyId, 'twoFactorMandatory'),
    }));
    if (state.twoFactorSecret === null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_NOT_SET_UP);
    if (twoFactorMandatoryFor(mandatory, state)) throw new AppError(ErrorCode.ERR_TWO_FACTOR_MANDATORY);
    await this.limiter.admit(state.email, client.ip);
    if (!(await this.factors.accept(state, code))) throw new AppError(ErrorCode.ERR_INVALID_TWO_FACTOR_CODE);
    await this.limiter.recordSuccess(state.email, client.ip);
    await this.database.withTenant(actor.companyId, async (tx) => {
      if (await this.repository.disable(tx, actor.companyId, actor.userId))
        await auditTwoFactorChange(this.audit, tx, target, 'disabled', actor.userId);
    });
  }

  /** Any user's, by a super user (a lost phone); they set it up again at their next login if it is mandatory. */
  async reset(actor: Actor, userId: number): Promise<void> {
    requireSuper(actor);
    const companyId = await this.database.asSystem((tx) => this.repository.companyOfUser(tx, userId));
    if (companyId === undefined) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
    await this.database.withTenant(companyId, async (tx) => {
      if (await this.repository.disable(tx, companyId, userId))
        await auditTwoFactorChange(this.audit, tx, { companyId, userId }, 'reset', actor.userId);
    });
  }
}
