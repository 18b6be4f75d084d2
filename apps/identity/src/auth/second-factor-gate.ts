import { Inject, Injectable } from '@nestjs/common';
import { twoFactorMandatoryFor, type LoginChallenge } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { LoginChallenges } from './login-challenges.js';

interface PasswordCheckedUser {
  id: number;
  companyId: number;
  email: string;
  profile: string;
  super: boolean;
  twoFactorSecret: string | null;
}

/**
 * What stands between a right password and a token (issue 28): the user's second factor
 * (POST /auth/login/2fa), or setting one up where the company makes it mandatory (POST
 * /auth/2fa/setup and /enable with the challenge). Null: nothing, the login may start.
 */
@Injectable()
export class SecondFactorGate {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(LoginChallenges) private readonly challenges: LoginChallenges,
  ) {}

  async challengeFor(user: PasswordCheckedUser): Promise<LoginChallenge | null> {
    const challenge = { userId: user.id, companyId: user.companyId, email: user.email };
    if (user.twoFactorSecret !== null)
      return { twoFactorRequired: true, challenge: await this.challenges.issue({ ...challenge, kind: 'login' }) };
    const mandatory = await this.database.withTenant(user.companyId, (tx) => this.settings.get(tx, user.companyId, 'twoFactorMandatory'));
    if (twoFactorMandatoryFor(mandatory, user))
      return { twoFactorSetupRequired: true, challenge: await this.challenges.issue({ ...challenge, kind: 'setup' }) };
    return null;
  }
}
