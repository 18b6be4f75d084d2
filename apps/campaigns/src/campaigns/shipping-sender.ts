import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CampaignMessagesSubjects,
  ErrorCode,
  CAMPAIGN_CONFIRMATION_FIELDS,
  CAMPAIGN_MESSAGE_FIELDS,
  type CampaignMessageDto,
  type CampaignTemplate,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { lockKeys } from '@atrium/kernel';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { contentTypeOf } from '@atrium/storage';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service.js';
import type { CampaignsConfig } from '../config.js';
import { FileListsRepository } from '../file-lists/file-lists.repository.js';
import type { CampaignsDatabase, CampaignsTx } from '../shared/campaigns-database.js';
import { CAMPAIGN_SENDING_LOCK } from './campaign-rules.js';
import { companyActor } from './campaign-views.js';
import { CampaignsRepository, type CampaignRow } from './campaigns.repository.js';
import { fillCampaignVariables, filledTemplate } from './message-body.js';
import { ShippingsRepository, type ShippingRow } from './shippings.repository.js';

/** The longest a send may take before it counts as a failed try (then retried with the same key: sent at most once). */
const SEND_TIMEOUT_MS = 15_000;

/** Answers that say the connection cannot send right now, not that this recipient's message failed. */
const CONNECTION_UNAVAILABLE = new Set<string>([ErrorCode.ERR_SERVICE_UNAVAILABLE, ErrorCode.ERR_WAPP_NOT_INITIALIZED]);

/**
 * Sends one part of one shipping, in one transaction that holds the campaign's sending lock shared
 * (a cancel waits for it, and a cancelled campaign sends nothing more) and marks the shipping
 * before it commits. The send is idempotent by key (the tickets service remembers it), so a
 * shipping whose transaction died with its process is sent again without reaching the recipient
 * twice.
 */
@Injectable()
export class ShippingSender {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(ShippingsRepository) private readonly shippings: ShippingsRepository,
    @Inject(CampaignSettingsService) private readonly settings: CampaignSettingsService,
    @Inject(FileListsRepository) private readonly fileLists: FileListsRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: CampaignsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Sends the shipping's next part in one transaction: the confirmation request first when the
   * campaign asks for one, else the message (with the campaign's attachment), then its file list's
   * text and files, one part per turn; delivered once the last part went out.
   */
  async sendOne(companyId: number, whatsappId: number, due: ShippingRow, gapMs: number): Promise<'sent' | 'failed' | 'skipped'> {
    const { variables } = await this.settings.valuesOf(companyId);
    return this.database.withTenant(companyId, async (tx) => {
      // the campaign's sending lock first, shared: a cancel (exclusive) waits for the sends in flight,
      // later sends queue behind the cancel (an advisory lock is granted in order; a row's FOR SHARE
      // would let overlapping sends starve the cancel's UPDATE), and then read it committed
      await lockKeys(tx, CAMPAIGN_SENDING_LOCK, [String(due.campaignId)], 'shared');
      const campaign = await this.campaigns.find(tx, companyId, due.campaignId);
      if (!campaign || campaign.status !== 'EM_ANDAMENTO' || campaign.whatsappId !== whatsappId) return 'skipped';
      const shipping = await this.shippings.lockPending(tx, companyId, due.id);
      if (!shipping) return 'skipped';
      const confirmationText =
        campaign.confirmation && shipping.confirmationRequestedAt === null
          ? textOf(campaign, CAMPAIGN_CONFIRMATION_FIELDS, shipping.variant)
          : null;
      const parts = confirmationText ? [] : await this.partsOf(tx, campaign, shipping);
      const part = confirmationText
        ? { key: 'confirmation', text: confirmationText, media: undefined, template: undefined }
        : (parts[shipping.partsSent] ?? parts[0]!);
      const message: CampaignMessageDto = {
        key: `campaign-${campaign.id}-shipping-${shipping.id}-${part.key}`,
        whatsappId,
        number: shipping.number,
        name: shipping.name,
        email: shipping.email ?? undefined,
        body: fillCampaignVariables(part.text, shipping, variables),
        media: part.media,
        template: part.template && filledTemplate(part.template, (value) => fillCampaignVariables(value, shipping, variables)),
        awaitReplyMs: confirmationText ? Math.max(1_000, this.config.CAMPAIGN_REPLY_WINDOW_MS) : undefined,
        // the connection keeps the pace where the message is received: this send starts that long after its previous one completed
        minGapMs: gapMs,
      };
      try {
        await this.rpc.request(CampaignMessagesSubjects.send, message, { actor: companyActor(companyId), timeoutMs: SEND_TIMEOUT_MS });
      } catch (error) {
        if (error instanceof AppError && CONNECTION_UNAVAILABLE.has(error.code)) {
          // the connection is between replicas (one died, another takes its session over) or the send's
          // answer was lost: nothing about this recipient, so no attempt is spent; the same key is tried again
          await this.shippings.postpone(tx, shipping.id, this.config.CAMPAIGN_RETRY_BASE_MS, reasonOf(error));
          this.logger.warn(
            { companyId, campaignId: campaign.id, shippingId: shipping.id, error },
            'campaign shipping postponed: connection unavailable',
          );
          return 'failed';
        }
        const attempts = shipping.attempts + 1;
        await this.shippings.markAttemptFailed(
          tx,
          shipping.id,
          attempts,
          this.config.CAMPAIGN_SEND_ATTEMPTS,
          this.config.CAMPAIGN_RETRY_BASE_MS * 2 ** (attempts - 1),
          reasonOf(error),
        );
        this.logger.warn({ companyId, campaignId: campaign.id, shippingId: shipping.id, attempts, error }, 'campaign shipping not sent');
        return 'failed';
      }
      if (confirmationText) await this.shippings.markConfirmationRequested(tx, shipping.id);
      else if (shipping.partsSent + 1 < parts.length) await this.shippings.markPartSent(tx, shipping.id, shipping.partsSent + 1);
      else await this.shippings.markDelivered(tx, shipping.id);
      return 'sent';
    });
  }

  /** The message's parts: the chosen message with the campaign's attachment, then the file list's text (when it has one) and each of its files. */
  private async partsOf(tx: CampaignsTx, campaign: CampaignRow, shipping: ShippingRow): Promise<MessagePart[]> {
    // a Cloud API campaign sends its template, the one message a customer outside the 24-hour window can receive
    if (campaign.template) return [{ key: 'template', text: '', media: undefined, template: campaign.template }];
    const parts: MessagePart[] = [
      {
        key: 'message',
        text: textOf(campaign, CAMPAIGN_MESSAGE_FIELDS, shipping.variant) ?? campaign.message1 ?? '',
        media: mediaOf(campaign),
      },
    ];
    const fileList = campaign.fileListId ? await this.fileLists.find(tx, campaign.companyId, campaign.fileListId) : undefined;
    if (!fileList) return parts;
    if (fileList.message.trim()) parts.push({ key: 'file-list', text: fileList.message, media: undefined });
    for (const option of fileList.options) {
      if (!option.path) continue;
      parts.push({
        key: `file-${option.id}`,
        text: option.name,
        media: {
          path: option.path,
          mimetype: option.mediaType ?? contentTypeOf(option.path),
          filename: option.fileName ?? option.path.split('/').pop()!,
        },
      });
    }
    return parts;
  }
}

/** One message of a shipping: its send key's suffix, text (variables not yet filled) and file. */
interface MessagePart {
  key: string;
  text: string;
  media: CampaignMessageDto['media'];
  template?: CampaignTemplate;
}

function textOf(campaign: CampaignRow, fields: readonly (keyof CampaignRow)[], variant: number): string | null {
  const text = campaign[fields[variant - 1]!] as string | null;
  return text?.trim() ? text : null;
}

function mediaOf(campaign: CampaignRow): CampaignMessageDto['media'] {
  if (!campaign.mediaPath) return undefined;
  return {
    path: campaign.mediaPath,
    mimetype: contentTypeOf(campaign.mediaPath),
    filename: campaign.mediaName ?? campaign.mediaPath.split('/').pop()!,
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.fields?.length ? `${error.code}: ${JSON.stringify(error.fields)}` : error.code;
  return error instanceof Error ? error.message : String(error);
}
