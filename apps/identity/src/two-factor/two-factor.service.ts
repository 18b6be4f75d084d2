import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  twoFactorMandatoryFor,
  type Actor,
  type ClientInfo,
  type IssuedSession,
  type LoginTwoFactorDto,
  type TwoFactorEnableDto,
  type TwoFactorEnabledView,
  type TwoFactorSetupView,
} from '@atrium/contracts';
import { requireSuper } from '@atrium/kernel';
import { IntegrationOutbox } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import { SessionIssuer } from '../auth/session-issuer.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { LoginChallenges } from './login-challenges.js';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.js';
import { looksLikeTotp, totp } from './totp.js';
import { TotpSecrets } from './totp-secrets.js';
import { TwoFactorRepository, type TwoFactorState } from './two-factor.repository.js';

interface Target {
  companyId: number;
  userId: number;
}

/**
 * Two-factor login (issue 28): set up a TOTP secret, enable it with a code (ten recovery codes,
 * shown once), disable it with a code, complete a login with a code, and a super user's reset.
 * Every code attempt goes through the login rate limiter, counted on the account and IP like a
 * password. Each change states `user.twoFactorChanged` through the outbox, in its transaction.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(TwoFactorRepository) private readonly repository: TwoFactorRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(TotpSecrets) private readonly secrets: TotpSecrets,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginChallenges) private readonly challenges: LoginChallenges,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
  ) {}

  /** A new secret, pending until a code of it enables it (a second setup replaces the first). */
  async setup(actor: Actor | undefined, challengeId: string | undefined): Promise<TwoFactorSetupView> {
    const target = await this.targetOf(actor, challengeId);
    return this.database.withTenant(target.companyId, async (tx) => {
      const state = await this.stateOf(tx, target);
      if (state.twoFactorSecret !== null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_ALREADY_ENABLED);
      const secret = totp.newSecret();
      await this.repository.setPending(tx, target.companyId, target.userId, this.secrets.seal(secret, state));
      return { secret, otpauthUrl: totp.otpauthUrl(secret, state.email) };
    });
  }

  /**
   * Enables the pending secret with one of its codes and answers the recovery codes. With a setup
   * challenge (mandatory 2FA at login) it also completes that login: `session` is issued.
   */
  async enable(
    actor: Actor | undefined,
    dto: TwoFactorEnableDto,
    client: ClientInfo,
  ): Promise<TwoFactorEnabledView & { session?: IssuedSession }> {
    const target = await this.targetOf(actor, dto.challenge);
    const state = await this.database.withTenant(target.companyId, (tx) => this.stateOf(tx, target));
    await this.limiter.admit(state.email, client.ip);
    if (state.twoFactorSecret !== null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_ALREADY_ENABLED);
    if (state.twoFactorPendingSecret === null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_NOT_SET_UP);
    const step = await totp.matchingStep(this.secrets.open(state.twoFactorPendingSecret, state), dto.code, null);
    if (step === null) throw new AppError(ErrorCode.ERR_INVALID_TWO_FACTOR_CODE);

    const recoveryCodes = newRecoveryCodes();
    const hashes = await Promise.all(recoveryCodes.map((code) => this.hasher.hash(normalizeRecoveryCode(code))));
    const pending = state.twoFactorPendingSecret;
    await this.database.withTenant(target.companyId, async (tx) => {
      if (!(await this.repository.enable(tx, target.companyId, target.userId, pending, step)))
        throw new AppError(ErrorCode.ERR_TWO_FACTOR_ALREADY_ENABLED);
      await this.repository.replaceRecoveryCodes(tx, target.companyId, target.userId, hashes);
      await this.changed(tx, target, 'enabled', target.userId);
    });
    await this.limiter.recordSuccess(state.email, client.ip);
    if (!dto.challenge) return { recoveryCodes };
    if (!(await this.challenges.consume(dto.challenge))) throw new AppError(ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED);
    return { recoveryCodes, session: await this.issuer.start({ id: target.userId, companyId: target.companyId }, client) };
  }

  /** Turns the actor's two-factor login off with a code (TOTP or recovery), unless the company requires it. */
  async disable(actor: Actor, code: string, client: ClientInfo): Promise<void> {
    const target = { companyId: actor.companyId, userId: actor.userId };
    const { state, mandatory } = await this.database.withTenant(actor.companyId, async (tx) => ({
      state: await this.stateOf(tx, target),
      mandatory: await this.settings.get(tx, actor.companyId, 'twoFactorMandatory'),
    }));
    if (state.twoFactorSecret === null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_NOT_SET_UP);
    if (twoFactorMandatoryFor(mandatory, state)) throw new AppError(ErrorCode.ERR_TWO_FACTOR_MANDATORY);
    await this.limiter.admit(state.email, client.ip);
    if (!(await this.acceptCode(state, code))) throw new AppError(ErrorCode.ERR_INVALID_TWO_FACTOR_CODE);
    await this.limiter.recordSuccess(state.email, client.ip);
    await this.database.withTenant(actor.companyId, async (tx) => {
      if (await this.repository.disable(tx, actor.companyId, actor.userId)) await this.changed(tx, target, 'disabled', actor.userId);
    });
  }

  /** A super user turns any user's two-factor login off (they set it up again at their next login if it is mandatory). */
  async reset(actor: Actor, userId: number): Promise<void> {
    requireSuper(actor);
    const companyId = await this.database.asSystem((tx) => this.repository.companyOfUser(tx, userId));
    if (companyId === undefined) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
    await this.database.withTenant(companyId, async (tx) => {
      if (await this.repository.disable(tx, companyId, userId)) await this.changed(tx, { companyId, userId }, 'reset', actor.userId);
    });
  }

  /** Completes a login whose password was right: the login challenge and a TOTP or recovery code. */
  async completeLogin(dto: LoginTwoFactorDto, client: ClientInfo): Promise<IssuedSession> {
    const challenge = await this.challenges.find(dto.challenge, 'login');
    await this.limiter.admit(challenge.email, client.ip);
    const target = { companyId: challenge.companyId, userId: challenge.userId };
    const state = await this.database.withTenant(target.companyId, (tx) => this.stateOf(tx, target));
    if (state.twoFactorSecret === null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED);
    if (!(await this.acceptCode(state, dto.code))) throw new AppError(ErrorCode.ERR_INVALID_TWO_FACTOR_CODE);
    if (!(await this.challenges.consume(dto.challenge))) throw new AppError(ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED);
    await this.limiter.recordSuccess(challenge.email, client.ip);
    return this.issuer.start({ id: target.userId, companyId: target.companyId }, client);
  }

  /** Accepts a TOTP code of a step not used before, or an unused recovery code (then used up). */
  private async acceptCode(state: TwoFactorState, code: string): Promise<boolean> {
    const { companyId, id: userId } = state;
    if (looksLikeTotp(code)) {
      const secret = this.secrets.open(state.twoFactorSecret ?? '', state);
      const step = await totp.matchingStep(secret, code, state.twoFactorLastStep);
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

  private async targetOf(actor: Actor | undefined, challengeId: string | undefined): Promise<Target> {
    if (challengeId) {
      const challenge = await this.challenges.find(challengeId, 'setup');
      return { companyId: challenge.companyId, userId: challenge.userId };
    }
    if (!actor) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    return { companyId: actor.companyId, userId: actor.userId };
  }

  private async stateOf(tx: IdentityTx, target: Target): Promise<TwoFactorState> {
    const state = await this.repository.stateOf(tx, target.companyId, target.userId);
    if (!state) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
    return state;
  }

  private async changed(tx: IdentityTx, target: Target, change: 'enabled' | 'disabled' | 'reset', byUserId: number): Promise<void> {
    await this.outbox.add(tx, 'user.twoFactorChanged', target.companyId, {
      userId: target.userId,
      change,
      byUserId,
      at: new Date().toISOString(),
    });
  }
}
