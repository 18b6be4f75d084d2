import { Module } from '@nestjs/common';
import { OidcProviderClient } from './oidc-provider.client.js';
import { SsoClientSecrets } from './sso-client-secrets.js';
import { SsoProviders } from './sso-providers.js';
import { SsoRequirement } from './sso-requirement.js';
import { SsoSettingsRepository } from './sso-settings.repository.js';

const exported = [SsoSettingsRepository, SsoRequirement, SsoClientSecrets, OidcProviderClient, SsoProviders];

/** The SSO tables and the companies' providers; the rule password logins ask (required SSO). */
@Module({ providers: exported, exports: exported })
export class SsoSettingsStoreModule {}
