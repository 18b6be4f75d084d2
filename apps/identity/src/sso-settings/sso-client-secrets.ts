import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@atrium/kernel';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';

/**
 * Seals companies' OpenID Connect client secrets with IDENTITY_SECRETS_KEY; the company is the
 * associated data, so a sealed value copied into another company's row does not open.
 */
@Injectable()
export class SsoClientSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.box = new SecretBox(config.IDENTITY_SECRETS_KEY);
  }

  seal(companyId: number, secret: string): string {
    return this.box.seal(secret, this.context(companyId));
  }

  open(companyId: number, sealed: string): string {
    return this.box.open(sealed, this.context(companyId));
  }

  private context(companyId: number): string {
    return `sso-client-secret:${companyId}`;
  }
}
