import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.js';
import type { TwoFactorTarget } from './two-factor-changes.js';
import { looksLikeTotp, totp } from './totp.js';
import { TotpSecrets } from './totp-secrets.js';
import { TwoFactorRepository, type TwoFactorState } from './two-factor.repository.js';

/**
 * A user's second factors: their two-factor state, their sealed TOTP secret, new recovery codes
 * (and their hashes), and accepting a code: a TOTP code of a step not used before, or an unused
 * recovery code.
 */
@Injectable()
export class SecondFactors {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(TwoFactorRepository) private readonly repository: TwoFactorRepository,
    @Inject(TotpSecrets) private readonly secrets: TotpSecrets,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async stateOf(tx: IdentityTx, target: TwoFactorTarget): Promise<TwoFactorState> {
    const state = await this.repository.stateOf(tx, target.companyId, target.userId);
    if (!state) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
    return state;
  }

  sealSecret(secret: string, user: { companyId: number; id: number }): string {
    return this.secrets.seal(secret, user);
  }

  openSecret(sealed: string, user: { companyId: number; id: number }): string {
    return this.secrets.open(sealed, user);
  }

  /** Ten recovery codes to show once, and the argon2id hashes to store. */
  async newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newRecoveryCodes();
    return { codes, hashes: await Promise.all(codes.map((code) => this.hasher.hash(normalizeRecoveryCode(code)))) };
  }

  /** True when the code was right, and uses it up (its time step, or the recovery code). */
  async accept(state: TwoFactorState, code: string): Promise<boolean> {
    const { companyId, id: userId } = state;
    if (state.twoFactorSecret === null) return false;
    if (looksLikeTotp(code)) {
      const step = await totp.matchingStep(this.secrets.open(state.twoFactorSecret, state), code, state.twoFactorLastStep);
      if (step === null) return false;
      return this.database.withTenant(companyId, (tx) => this.repository.useStep(tx, companyId, userId, step));
    }
    const presented = normalizeRecoveryCode(code);
    const unused = await this.database.withTenant(companyId, (tx) => this.repository.unusedRecoveryCodes(tx, companyId, userId));
    for (const candidate of unused) {
      if (await this.hasher.verify(candidate.codeHash, presented))
        return this.database.withTenant(companyId, (tx) => this.repository.useRecoveryCode(tx, companyId, candidate.id));
    }
    return false;
  }
}
