import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MetaGraphClient, MetaGraphError, type GraphPhoneNumber } from '@atrium/channel';
import {
  AppError,
  CLOUD_DEFAULT_MESSAGES_PER_SECOND,
  CLOUD_WEBHOOK_PATH,
  ErrorCode,
  SECRET_MASK,
  type UpdateWhatsappDto,
  type WhatsappCloudView,
  type WhatsappDto,
  type WhatsappProvider,
} from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import { CloudAccountsRepository, phoneDetails } from '../cloud/cloud-accounts.repository.js';
import { CloudSecrets } from '../cloud/cloud-secrets.js';
import { defaultProviderOf, type SessionsConfig } from '../config.js';
import type { NewWhatsapp, WhatsappRow } from '../shared/whatsapp.view.js';

/** The connection form's Cloud API fields. */
type CloudFields = Pick<WhatsappDto, 'phoneNumberId' | 'wabaId' | 'accessToken' | 'appSecret' | 'messagesPerSecond'>;
type AccountField = 'phoneNumberId' | 'wabaId' | 'accessToken' | 'appSecret';
const CLOUD_FIELDS = ['phoneNumberId', 'wabaId', 'accessToken', 'appSecret', 'messagesPerSecond'] as const;

/** A write-only secret as the form sends it: left out, '' or the mask keep the stored one. */
function given(secret: string | undefined): string | undefined {
  return secret === undefined || secret === '' || secret === SECRET_MASK ? undefined : secret;
}

function hintOf(token: string): string {
  return `…${token.slice(-4)}`;
}

/**
 * The provider-specific part of saving a connection: the provider a connection created without
 * one gets, and for `cloud` the Cloud API account (issue 26): required fields, secrets sealed,
 * a verify token generated, and the credentials checked against the Graph API
 * (GET /{phone-number-id}) before anything is stored: Meta's refusal is ERR_CLOUD_CREDENTIALS_REFUSED.
 */
@Injectable()
export class CloudConnectionFields {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: SessionsConfig,
    @Inject(CloudSecrets) private readonly secrets: CloudSecrets,
    @Inject(CloudAccountsRepository) private readonly accounts: CloudAccountsRepository,
    @Inject(MetaGraphClient) private readonly graph: MetaGraphClient,
  ) {}

  /** The dto without its Cloud API fields (they are columns of their own, see `forCreate`/`forUpdate`). */
  withoutCloudFields<T extends CloudFields>(dto: T): Omit<T, keyof CloudFields> {
    const rest: Partial<T> = { ...dto };
    for (const field of CLOUD_FIELDS) delete rest[field];
    return rest as Omit<T, keyof CloudFields>;
  }

  providerOf(dto: Pick<WhatsappDto, 'provider'>): WhatsappProvider {
    return dto.provider ?? defaultProviderOf(this.config);
  }

  /** The columns of a new connection's Cloud API account (none for other providers). */
  async forCreate(companyId: number, dto: WhatsappDto): Promise<Partial<NewWhatsapp>> {
    if (this.providerOf(dto) !== 'cloud') return {};
    const account = {
      phoneNumberId: dto.phoneNumberId,
      wabaId: dto.wabaId,
      accessToken: given(dto.accessToken),
      appSecret: given(dto.appSecret),
    };
    return this.checked(companyId, undefined, this.requireAll(account), dto.messagesPerSecond);
  }

  /** The columns that change on an update: the account is checked again when its number or token changes, or it becomes `cloud`. */
  async forUpdate(current: WhatsappRow, dto: UpdateWhatsappDto): Promise<Partial<NewWhatsapp>> {
    const provider = dto.provider ?? current.provider;
    if (provider !== 'cloud') return {};
    const account = {
      phoneNumberId: dto.phoneNumberId ?? current.cloudPhoneNumberId ?? undefined,
      wabaId: dto.wabaId ?? current.cloudWabaId ?? undefined,
      accessToken: given(dto.accessToken) ?? this.opened(current, 'accessToken'),
      appSecret: given(dto.appSecret) ?? this.opened(current, 'appSecret'),
    };
    const complete = this.requireAll(account);
    const recheck =
      current.provider !== 'cloud' ||
      account.phoneNumberId !== current.cloudPhoneNumberId ||
      given(dto.accessToken) !== undefined ||
      given(dto.appSecret) !== undefined ||
      account.wabaId !== current.cloudWabaId;
    if (!recheck) return dto.messagesPerSecond === undefined ? {} : { cloudMessagesPerSecond: dto.messagesPerSecond };
    return this.checked(current.companyId, current, complete, dto.messagesPerSecond);
  }

  /** The `cloud` part of a connection's view (secrets never), for admins. */
  view(row: WhatsappRow, forAdmin: boolean): WhatsappCloudView | null {
    if (!forAdmin || row.provider !== 'cloud' || !row.cloudPhoneNumberId) return null;
    return cloudViewOf(row, this.webhookUrl);
  }

  get webhookUrl(): string {
    return `${this.config.PUBLIC_API_URL.replace(/\/+$/, '')}${CLOUD_WEBHOOK_PATH}`;
  }

  // ---- internals ---------------------------------------------------------------------------

  private opened(row: WhatsappRow, name: 'accessToken' | 'appSecret'): string | undefined {
    const sealed = name === 'accessToken' ? row.cloudAccessToken : row.cloudAppSecret;
    return sealed ? this.secrets.open(row.companyId, name, sealed) : undefined;
  }

  private requireAll(account: Record<AccountField, string | undefined>): Record<AccountField, string> {
    const missing = Object.entries(account).filter(([, value]) => value === undefined || value === '');
    if (missing.length === 0) return account as Record<AccountField, string>;
    throw new AppError(ErrorCode.ERR_VALIDATION, {
      fields: missing.map(([field]) => ({ field, messages: [`${field} is required for a Cloud API connection`] })),
    });
  }

  private async checked(
    companyId: number,
    current: WhatsappRow | undefined,
    account: Record<AccountField, string>,
    messagesPerSecond: number | undefined,
  ): Promise<Partial<NewWhatsapp>> {
    if (await this.accounts.phoneNumberTaken(account.phoneNumberId, current?.id)) throw new AppError(ErrorCode.ERR_CLOUD_NUMBER_IN_USE);
    let phone: GraphPhoneNumber;
    try {
      phone = await this.graph.phoneNumber(account.phoneNumberId, account.accessToken);
    } catch (error) {
      if (error instanceof MetaGraphError)
        throw new AppError(ErrorCode.ERR_CLOUD_CREDENTIALS_REFUSED, {
          data: { code: error.code, subcode: error.subcode, message: error.message, fbtraceId: error.fbtraceId },
        });
      throw new AppError(ErrorCode.ERR_CLOUD_CREDENTIALS_REFUSED, { data: { code: null, message: 'Graph API unreachable' } });
    }
    return {
      cloudPhoneNumberId: account.phoneNumberId,
      cloudWabaId: account.wabaId,
      cloudAccessToken: this.secrets.seal(companyId, 'accessToken', account.accessToken),
      cloudAccessTokenHint: hintOf(account.accessToken),
      cloudAppSecret: this.secrets.seal(companyId, 'appSecret', account.appSecret),
      cloudVerifyToken: current?.cloudVerifyToken ?? randomBytes(24).toString('base64url'),
      cloudMessagesPerSecond: messagesPerSecond ?? current?.cloudMessagesPerSecond ?? CLOUD_DEFAULT_MESSAGES_PER_SECOND,
      ...phoneDetails(phone),
    };
  }
}

export function cloudViewOf(row: WhatsappRow, webhookUrl: string): WhatsappCloudView {
  return {
    phoneNumberId: row.cloudPhoneNumberId ?? '',
    wabaId: row.cloudWabaId ?? '',
    accessTokenHint: row.cloudAccessTokenHint ?? '',
    appSecretSet: row.cloudAppSecret !== null,
    verifyToken: row.cloudVerifyToken ?? '',
    webhookUrl,
    messagesPerSecond: row.cloudMessagesPerSecond ?? CLOUD_DEFAULT_MESSAGES_PER_SECOND,
    displayPhoneNumber: row.cloudDisplayPhoneNumber,
    verifiedName: row.cloudVerifiedName,
    qualityRating: row.cloudQualityRating,
    messagingLimitTier: row.cloudMessagingLimitTier,
    error: row.cloudError,
  };
}
