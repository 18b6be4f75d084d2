import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type ClientInfo, type IssuedSession, type LoginTwoFactorDto } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { LoginChallenges } from '../auth/login-challenges.js';
import { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import { SessionIssuer } from '../auth/session-issuer.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SecondFactors } from './second-factors.js';

/** Completes a login whose password was right: the login challenge and a TOTP or recovery code (issue 28). */
@Injectable()
export class TwoFactorLoginService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(LoginChallenges) private readonly challenges: LoginChallenges,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(SecondFactors) private readonly factors: SecondFactors,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
  ) {}

  async complete(dto: LoginTwoFactorDto, client: ClientInfo): Promise<IssuedSession> {
    const challenge = await this.challenges.find(dto.challenge, 'login');
    await this.limiter.admit(challenge.email, client.ip);
    const target = { companyId: challenge.companyId, userId: challenge.userId };
    const state = await this.database.withTenant(target.companyId, (tx) => this.factors.stateOf(tx, target));
    // reset by a super user since the password step: that login starts again
    if (state.twoFactorSecret === null) throw new AppError(ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED);
    if (!(await this.factors.accept(state, dto.code))) throw new AppError(ErrorCode.ERR_INVALID_TWO_FACTOR_CODE);
    if (!(await this.challenges.consume(dto.challenge))) throw new AppError(ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED);
    // the right password and this code: both come off the IP's counter
    await this.limiter.recordSuccess(challenge.email, client.ip, 2);
    return this.issuer.start({ id: target.userId, companyId: target.companyId }, client);
  }
}
