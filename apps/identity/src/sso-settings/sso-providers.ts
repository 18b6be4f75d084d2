import { Inject, Injectable } from '@nestjs/common';
import type * as oidc from 'openid-client';
import { AppError, ErrorCode } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { OidcProviderClient } from './oidc-provider.client.js';
import { SsoClientSecrets } from './sso-client-secrets.js';
import { SsoSettingsRepository, type SsoSettingsRow } from './sso-settings.repository.js';

/** The companies' providers as a login needs them: found by e-mail domain, switched on, and discovered with the opened secret. */
@Injectable()
export class SsoProviders {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SsoSettingsRepository) private readonly settings: SsoSettingsRepository,
    @Inject(SsoClientSecrets) private readonly secrets: SsoClientSecrets,
    @Inject(OidcProviderClient) private readonly client: OidcProviderClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The provider of the company that claimed this e-mail domain, when it is on. */
  async ofDomain(domain: string): Promise<SsoSettingsRow | undefined> {
    const companyId = await this.database.asSystem((tx) => this.settings.companyOfDomain(tx, domain));
    return companyId === undefined ? undefined : this.enabled(companyId);
  }

  async enabled(companyId: number): Promise<SsoSettingsRow | undefined> {
    const settings = await this.database.withTenant(companyId, (tx) => this.settings.find(tx, companyId));
    return settings?.enabled ? settings : undefined;
  }

  domainsOf(companyId: number): Promise<string[]> {
    return this.database.withTenant(companyId, (tx) => this.settings.domainsOf(tx, companyId));
  }

  /** openid-client's configuration from the issuer's discovery; a provider that does not answer is ERR_SSO_LOGIN_FAILED. */
  async configurationOf(settings: SsoSettingsRow): Promise<oidc.Configuration> {
    try {
      return await this.client.discover({
        issuer: settings.issuer,
        clientId: settings.clientId,
        clientSecret: settings.clientSecretSealed ? this.secrets.open(settings.companyId, settings.clientSecretSealed) : null,
      });
    } catch (error) {
      this.logger.warn({ err: error, issuer: settings.issuer }, 'sso: the provider could not be discovered');
      throw new AppError(ErrorCode.ERR_SSO_LOGIN_FAILED);
    }
  }
}
