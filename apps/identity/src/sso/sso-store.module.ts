import { Module } from '@nestjs/common';
import { SsoRequirement } from './sso-requirement.js';
import { SsoSettingsRepository } from './sso-settings.repository.js';

const exported = [SsoSettingsRepository, SsoRequirement];

/** The SSO tables, and the rule password logins ask (required SSO). */
@Module({ providers: exported, exports: exported })
export class SsoStoreModule {}
