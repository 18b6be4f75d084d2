import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type SsoSettingsDto, type SsoSettingsView } from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { requireAdmin } from '@atrium/kernel';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { UsersRepository } from '../users/users.repository.js';
import { OidcProviderClient } from './oidc-provider.client.js';
import { SsoClientSecrets } from './sso-client-secrets.js';
import { SsoSettingsRepository } from './sso-settings.repository.js';

const NOT_CONFIGURED: SsoSettingsView = {
  configured: false,
  enabled: false,
  issuer: '',
  clientId: '',
  hasClientSecret: false,
  domains: [],
  requireSso: false,
};

/** GET and PUT /sso-settings: admins name their company's provider; the secret is sealed and never shown. */
@Injectable()
export class SsoSettingsService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SsoSettingsRepository) private readonly settings: SsoSettingsRepository,
    @Inject(SsoClientSecrets) private readonly secrets: SsoClientSecrets,
    @Inject(OidcProviderClient) private readonly provider: OidcProviderClient,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  show(actor: Actor): Promise<SsoSettingsView> {
    requireAdmin(actor);
    return this.database.withTenant(actor.companyId, (tx) => this.view(tx, actor.companyId));
  }

  /**
   * Saves the provider once its discovery document answers for this issuer (a typo fails here,
   * not at the first login). The secret is required the first time; left out later, it stays.
   */
  async update(actor: Actor, dto: SsoSettingsDto): Promise<SsoSettingsView> {
    requireAdmin(actor);
    const issuer = dto.issuer.trim().replace(/\/+$/, '');
    const clientId = dto.clientId.trim();
    const newSecret = dto.clientSecret?.trim() ? dto.clientSecret.trim() : undefined;
    const current = await this.database.withTenant(actor.companyId, (tx) => this.settings.find(tx, actor.companyId));
    const sealed = newSecret ? this.secrets.seal(actor.companyId, newSecret) : (current?.clientSecretSealed ?? null);
    if (!sealed)
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [{ field: 'clientSecret', messages: ['clientSecret is required the first time'] }],
      });
    await this.assertDiscoverable(issuer, clientId, newSecret ?? this.secrets.open(actor.companyId, sealed));
    const domains = [...new Set(dto.domains)];
    if (dto.requireSso) await this.refuseSelfLockout(actor, domains);
    try {
      return await this.database.withTenant(actor.companyId, async (tx) => {
        await this.settings.upsert(tx, {
          companyId: actor.companyId,
          issuer,
          clientId,
          clientSecretSealed: sealed,
          requireSso: dto.requireSso,
          enabled: dto.enabled ?? current?.enabled ?? true,
        });
        await this.settings.replaceDomains(tx, actor.companyId, domains);
        return this.view(tx, actor.companyId);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'sso_domains_pkey')) throw new AppError(ErrorCode.ERR_SSO_DOMAIN_TAKEN);
      throw error;
    }
  }

  /** Requiring SSO while the admin's own e-mail is of none of the domains would lock them out (super users keep their password). */
  private async refuseSelfLockout(actor: Actor, domains: string[]): Promise<void> {
    if (actor.super) return;
    const admin = await this.database.withTenant(actor.companyId, (tx) => this.users.findById(tx, actor.companyId, actor.userId));
    const domain = admin?.email.slice(admin.email.lastIndexOf('@') + 1).toLowerCase();
    if (domain === undefined || !domains.includes(domain))
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [
          { field: 'requireSso', messages: ['requireSso needs your own e-mail domain among the domains (you would be locked out)'] },
        ],
      });
  }

  private async assertDiscoverable(issuer: string, clientId: string, clientSecret: string): Promise<void> {
    try {
      await this.provider.discover({ issuer, clientId, clientSecret });
    } catch (error) {
      this.logger.info({ issuer, err: error }, 'sso: the issuer did not answer its discovery');
      throw new AppError(ErrorCode.ERR_SSO_DISCOVERY_FAILED, { data: { issuer } });
    }
  }

  private async view(tx: IdentityTx, companyId: number): Promise<SsoSettingsView> {
    const row = await this.settings.find(tx, companyId);
    if (!row) return NOT_CONFIGURED;
    return {
      configured: true,
      enabled: row.enabled,
      issuer: row.issuer,
      clientId: row.clientId,
      hasClientSecret: row.clientSecretSealed !== null,
      domains: await this.settings.domainsOf(tx, companyId),
      requireSso: row.requireSso,
    };
  }
}
