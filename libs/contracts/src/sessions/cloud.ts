import { IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * Meta's WhatsApp Cloud API as a channel (provider `cloud`, issue 26): what the connection shows,
 * and the webhook as the gateway forwards it to the sessions service.
 */

/** Meta's default throughput of a business number (messages per second); upgraded numbers get 1 000. */
export const CLOUD_DEFAULT_MESSAGES_PER_SECOND = 80;
export const CLOUD_MAX_MESSAGES_PER_SECOND = 1_000;

/** Where Meta delivers a Cloud API app's webhooks on the gateway (GET: the verification handshake; POST: signed events). */
export const CLOUD_WEBHOOK_PATH = '/webhooks/whatsapp';

/** Larger than any Cloud API webhook delivery (Meta batches up to about a thousand changes). */
export const CLOUD_WEBHOOK_MAX_BYTES = 3 * 1024 * 1024;

/** A phone number's quality rating as the Graph API names it. */
export type CloudQualityRating = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN' | 'NA';

/**
 * The `cloud` part of a connection's view. The access token and the app secret are write-only:
 * only whether one is stored (and the token's last characters) is shown.
 */
export interface WhatsappCloudView {
  phoneNumberId: string;
  wabaId: string;
  /** '…' and the token's last 4 characters. */
  accessTokenHint: string;
  appSecretSet: boolean;
  /** To paste in the Meta app's webhook settings, with webhookUrl. */
  verifyToken: string;
  /** The gateway's `/webhooks/whatsapp` as the public sees it. */
  webhookUrl: string;
  messagesPerSecond: number;
  /** From GET /{phone-number-id} (and `phone_number_quality_update`); null until Meta answered once. */
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  qualityRating: string | null;
  messagingLimitTier: string | null;
  /** Meta's last refusal (code and message), shown beside DISCONNECTED; null when it works. */
  error: string | null;
}

/** A Cloud API webhook delivery as the gateway received it: the raw body (base64, byte for byte) and its signature header. */
export class CloudWebhookDto {
  @IsString() @MaxLength(4_000_000) body!: string;
  @IsOptional() @IsString() @MaxLength(200) signature?: string;
}

/** Meta's verification handshake (`GET /webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`). */
export class CloudWebhookVerifyDto {
  @IsOptional() @IsString() @MaxLength(50) mode?: string;
  @IsOptional() @IsString() @MaxLength(200) verifyToken?: string;
  @IsOptional() @IsString() @MaxLength(500) challenge?: string;
}

/** What `cloudWebhook` answers: how many events of the delivery went on the inbound stream. */
export interface CloudWebhookResult {
  received: true;
  events: number;
}
