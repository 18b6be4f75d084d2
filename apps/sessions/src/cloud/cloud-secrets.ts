import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@atrium/kernel';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { SessionsConfig } from '../config.js';
import type { WhatsappRow } from '../shared/whatsapp.view.js';

export type CloudSecretName = 'accessToken' | 'appSecret';

/** What a Cloud API connection needs to call Meta and to check its webhooks, opened. */
export interface CloudCredentials {
  companyId: number;
  whatsappId: number;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  messagesPerSecond: number | null;
}

/**
 * Seals and opens a Cloud API connection's access token and app secret (AES-256-GCM with
 * SESSIONS_SECRETS_KEY; the company in the associated data, so a sealed value copied to another
 * company's row does not open).
 */
@Injectable()
export class CloudSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(SERVICE_CONFIG) config: SessionsConfig) {
    this.box = new SecretBox(config.SESSIONS_SECRETS_KEY);
  }

  seal(companyId: number, name: CloudSecretName, plain: string): string {
    return this.box.seal(plain, `whatsapp:${name}:${companyId}`);
  }

  open(companyId: number, name: CloudSecretName, sealed: string): string {
    return this.box.open(sealed, `whatsapp:${name}:${companyId}`);
  }

  /** The connection's credentials, or null when it is not a complete Cloud API connection. */
  credentialsOf(row: WhatsappRow): CloudCredentials | null {
    if (row.provider !== 'cloud' || !row.cloudPhoneNumberId || !row.cloudAccessToken || !row.cloudAppSecret) return null;
    return {
      companyId: row.companyId,
      whatsappId: row.id,
      phoneNumberId: row.cloudPhoneNumberId,
      wabaId: row.cloudWabaId ?? '',
      accessToken: this.open(row.companyId, 'accessToken', row.cloudAccessToken),
      appSecret: this.open(row.companyId, 'appSecret', row.cloudAppSecret),
      messagesPerSecond: row.cloudMessagesPerSecond,
    };
  }
}
