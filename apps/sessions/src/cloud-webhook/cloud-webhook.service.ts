import { Inject, Injectable } from '@nestjs/common';
import {
  MediaTooLargeError,
  MetaGraphClient,
  verifyHubSignature,
  type DriverInboundEvent,
  type DriverMedia,
  type WebhookChange,
  type WebhookMedia,
  type WebhookMessagesValue,
  type WebhookPayload,
} from '@atrium/channel';
import {
  AppError,
  ErrorCode,
  type ChannelMedia,
  type CloudWebhookDto,
  type CloudWebhookResult,
  type CloudWebhookVerifyDto,
} from '@atrium/contracts';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Logger } from '@atrium/logging';
import { CloudAccountsRepository, phoneDetails } from '../cloud/cloud-accounts.repository.js';
import { CloudSecrets, type CloudCredentials } from '../cloud/cloud-secrets.js';
import type { SessionsConfig } from '../config.js';
import { normaliseMessagesValue } from '../drivers/cloud/cloud-normaliser.js';
import { InboundPublisher } from '../inbound/inbound-publisher.js';
import { MediaStore } from '../inbound/media-store.js';
import type { WhatsappRow } from '../shared/whatsapp.view.js';

/** A change of the delivery and the connection it is about. */
interface Addressed {
  change: WebhookChange;
  row: WhatsappRow;
}

/** Handlers of webhook fields other than `messages` (e.g. `message_template_status_update`), by field. */
export type CloudFieldHandler = (change: WebhookChange, credentials: CloudCredentials) => Promise<void>;

/**
 * Meta's webhook for Cloud API numbers (issue 26). A delivery is taken only when it is signed
 * (`X-Hub-Signature-256`: HMAC-SHA256 of the bytes received) with the app secret of every
 * connection it names, by phone number id (`value.metadata.phone_number_id`) or, for the
 * account's own fields, by WABA id (`entry[].id`): unsigned 401, anything else 403, nothing
 * stored. Then every `entry[].changes[].value` is normalised and its events go on the durable
 * inbound stream Baileys' messages use (media first fetched through the Graph API into object
 * storage); the answer (200) waits only for JetStream. A message id seen before is the same
 * event on the stream (its de-duplication id) and the same row in tickets, so Meta's retries and
 * duplicates are stored once; acks only ever raise a message's state, so statuses out of order
 * leave the latest.
 */
@Injectable()
export class CloudWebhookService {
  private readonly fieldHandlers = new Map<string, CloudFieldHandler>();

  constructor(
    @Inject(CloudAccountsRepository) private readonly accounts: CloudAccountsRepository,
    @Inject(CloudSecrets) private readonly secrets: CloudSecrets,
    @Inject(MetaGraphClient) private readonly graph: MetaGraphClient,
    @Inject(InboundPublisher) private readonly publisher: InboundPublisher,
    @Inject(MediaStore) private readonly media: MediaStore,
    @Inject(SERVICE_CONFIG) private readonly config: SessionsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.onField('phone_number_quality_update', (change, credentials) => this.refreshPhone(change, credentials));
  }

  /** Another context handles a webhook field (templates: `message_template_status_update`). */
  onField(field: string, handler: CloudFieldHandler): void {
    this.fieldHandlers.set(field, handler);
  }

  /** Meta's verification handshake: the challenge when the token is a connection's verify token. */
  async verify(dto: CloudWebhookVerifyDto): Promise<{ challenge: string }> {
    const row = dto.mode === 'subscribe' && dto.verifyToken ? await this.accounts.byVerifyToken(dto.verifyToken) : undefined;
    if (!row || dto.challenge === undefined) throw new AppError(ErrorCode.ERR_WEBHOOK_REFUSED);
    return { challenge: dto.challenge };
  }

  async receive(dto: CloudWebhookDto): Promise<CloudWebhookResult> {
    if (!dto.signature) throw new AppError(ErrorCode.ERR_WEBHOOK_UNSIGNED);
    const raw = Buffer.from(dto.body, 'base64');
    const addressed = await this.address(raw);
    const credentials = new Map<number, CloudCredentials>();
    for (const { row } of addressed) {
      if (credentials.has(row.id)) continue;
      const opened = this.secrets.credentialsOf(row);
      if (!opened || !verifyHubSignature(raw, dto.signature, opened.appSecret)) throw new AppError(ErrorCode.ERR_WEBHOOK_REFUSED);
      credentials.set(row.id, opened);
    }
    let events = 0;
    for (const { change, row } of addressed) {
      const account = credentials.get(row.id)!;
      if (change.field === 'messages') events += await this.publish(account, change.value as unknown as WebhookMessagesValue);
      else await this.fieldHandlers.get(change.field)?.(change, account);
    }
    return { received: true, events };
  }

  // ---- internals ---------------------------------------------------------------------------

  /** Each change with its connection; 403 when the body is not Meta's JSON or names a number no connection has. */
  private async address(raw: Buffer): Promise<Addressed[]> {
    let payload: WebhookPayload;
    try {
      payload = JSON.parse(raw.toString('utf8')) as WebhookPayload;
    } catch {
      throw new AppError(ErrorCode.ERR_WEBHOOK_REFUSED);
    }
    const changes = (Array.isArray(payload?.entry) ? payload.entry : []).flatMap((entry) =>
      (Array.isArray(entry?.changes) ? entry.changes : []).map((change) => ({ entryId: String(entry.id ?? ''), change })),
    );
    if (changes.length === 0) throw new AppError(ErrorCode.ERR_WEBHOOK_REFUSED);
    const addressed: Addressed[] = [];
    for (const { entryId, change } of changes) {
      const value = (change?.value ?? {}) as { metadata?: { phone_number_id?: string }; display_phone_number?: string };
      const phoneNumberId = value.metadata?.phone_number_id;
      const row = phoneNumberId
        ? await this.accounts.byPhoneNumberId(String(phoneNumberId))
        : this.byDisplayNumber(await this.accounts.byWabaId(entryId), value.display_phone_number);
      if (!row) throw new AppError(ErrorCode.ERR_WEBHOOK_REFUSED);
      addressed.push({ change, row });
    }
    return addressed;
  }

  /** An account-level change names the number by its display form, if at all. */
  private byDisplayNumber(rows: WhatsappRow[], display: string | undefined): WhatsappRow | undefined {
    const digits = (text: string | null | undefined): string => (text ?? '').replace(/\D/g, '');
    return rows.find((row) => display !== undefined && digits(row.cloudDisplayPhoneNumber) === digits(display)) ?? rows[0];
  }

  private async publish(account: CloudCredentials, value: WebhookMessagesValue): Promise<number> {
    const events = normaliseMessagesValue(value, (media, mimetype, filename) => this.mediaOf(account, media, mimetype, filename));
    for (const event of events) await this.publishOne(account, event);
    return events.length;
  }

  private async publishOne(account: CloudCredentials, event: DriverInboundEvent): Promise<void> {
    const base = { companyId: account.companyId, whatsappId: account.whatsappId, receivedAt: Date.now() };
    if (event.type !== 'message') {
      await this.publisher.publish({ ...event, ...base });
      return;
    }
    const media = event.message.media ? await this.storeMedia(account, event.message.media) : null;
    await this.publisher.publish({ ...base, type: 'message', message: { ...event.message, media } });
  }

  private async storeMedia(account: CloudCredentials, media: DriverMedia): Promise<ChannelMedia | null> {
    try {
      return await this.media.saveInbound(account.companyId, account.whatsappId, media);
    } catch (error) {
      // Too big: the message goes on without its file. Anything else fails the delivery: Meta sends it again.
      if (error instanceof AppError && error.code === ErrorCode.ERR_PAYLOAD_TOO_LARGE) {
        this.logger.warn({ whatsappId: account.whatsappId }, 'inbound media too large: not stored');
        return null;
      }
      throw error;
    }
  }

  /** GET /{media-id} for the URL, then GET the URL with the token (Meta's two steps). */
  private mediaOf(account: CloudCredentials, media: WebhookMedia, mimetype: string, filename: string): DriverMedia {
    return {
      mimetype,
      filename,
      size: null,
      download: async () => {
        try {
          const info = await this.graph.mediaInfo(media.id, account.accessToken);
          return await this.graph.download(info.url, account.accessToken, this.config.MAX_MEDIA_BYTES);
        } catch (error) {
          if (error instanceof MediaTooLargeError) throw new AppError(ErrorCode.ERR_PAYLOAD_TOO_LARGE);
          throw error;
        }
      },
    };
  }

  /** `phone_number_quality_update`: the number's quality rating and limit tier read again from Meta. */
  private async refreshPhone(_change: WebhookChange, account: CloudCredentials): Promise<void> {
    const phone = await this.graph.phoneNumber(account.phoneNumberId, account.accessToken);
    await this.accounts.record(account.companyId, account.whatsappId, phoneDetails(phone));
  }
}
