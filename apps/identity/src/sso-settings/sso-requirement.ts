import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SsoSettingsRepository } from './sso-settings.repository.js';

/**
 * Whether a password may log a user in: not when the company requires single sign-on (and its
 * provider is on). Super users are the break-glass: they keep their password, so a provider
 * that is down never locks the platform out.
 */
@Injectable()
export class SsoRequirement {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SsoSettingsRepository) private readonly settings: SsoSettingsRepository,
  ) {}

  async assertPasswordAllowed(user: { companyId: number; super: boolean }): Promise<void> {
    if (user.super) return;
    const settings = await this.database.withTenant(user.companyId, (tx) => this.settings.find(tx, user.companyId));
    if (settings?.enabled && settings.requireSso) throw new AppError(ErrorCode.ERR_SSO_REQUIRED);
  }
}
