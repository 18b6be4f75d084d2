import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@atrium/kernel';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';

/**
 * Users' TOTP secrets are sealed with IDENTITY_SECRETS_KEY before they are stored; the user and
 * company are the associated data, so a sealed secret copied to another user's row does not open.
 */
@Injectable()
export class TotpSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.box = new SecretBox(config.IDENTITY_SECRETS_KEY);
  }

  seal(secret: string, user: { companyId: number; id: number }): string {
    return this.box.seal(secret, contextOf(user));
  }

  open(sealed: string, user: { companyId: number; id: number }): string {
    return this.box.open(sealed, contextOf(user));
  }
}

function contextOf(user: { companyId: number; id: number }): string {
  return `user:totp:${user.companyId}:${user.id}`;
}
