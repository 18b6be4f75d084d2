import { PartialType } from '@nestjs/mapped-types';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PAGE_MAX, PageQueryDto } from '../paging.js';
import { TemplateSendDto, type TemplateSend } from '../sessions/templates.js';
import { booleanish, optionalId } from '../transforms.js';

// ---- campaigns (apps/campaigns/src/campaigns; spec 001 "Campaigns", sections 3, 4, 5, 7, 9) ----

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The message fields a campaign rotates (message1..message5) and their confirmation pairs. */
export const CAMPAIGN_MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const CAMPAIGN_CONFIRMATION_FIELDS = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;
export type CampaignMessageField = (typeof CAMPAIGN_MESSAGE_FIELDS)[number] | (typeof CAMPAIGN_CONFIRMATION_FIELDS)[number];

export const CAMPAIGN_MESSAGE_MAX = 65_536;

export { CAMPAIGN_EDIT_LOCK_MS, campaignEditability, type CampaignEditableState } from './campaign-editability.js';

/** '' and null mean "none" (spec 001 section 5: empty strings are sent as null). */
const emptyAsNull = ({ value }: { value: unknown }): unknown => (value === '' ? null : value);
/** The tag list select sends 'Nenhuma' for "no tag" (spec 001 section 3). */
const tagOrNone = ({ value }: { value: unknown }): unknown => (value === 'Nenhuma' ? null : optionalId({ value }));

/** 'YYYY-MM-DD HH:mm[:ss]' (platform time zone) or an ISO instant with its offset. */
export const CAMPAIGN_SCHEDULED_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `POST /campaigns`: name 2 to 50 ('Too Short!' / 'Too Long!'), message1 required ('Required'). */
export class CampaignDto {
  @IsString() @Length(2, 50, { message: (args) => ((args.value as string)?.length < 2 ? 'Too Short!' : 'Too Long!') }) name!: string;
  /** Required unless the campaign sends a template (a Cloud API connection's): then it is optional. */
  @ValidateIf((dto: { template?: unknown; message1?: unknown }) => !dto.template || (dto.message1 !== null && dto.message1 !== undefined))
  @Transform(emptyAsNull)
  @IsString({ message: 'Required' })
  @Length(1, CAMPAIGN_MESSAGE_MAX, { message: 'Required' })
  message1!: string;
  @IsOptional() @Transform(emptyAsNull) @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(CAMPAIGN_MESSAGE_MAX) message2?:
    string | null;
  @IsOptional() @Transform(emptyAsNull) @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(CAMPAIGN_MESSAGE_MAX) message3?:
    string | null;
  @IsOptional() @Transform(emptyAsNull) @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(CAMPAIGN_MESSAGE_MAX) message4?:
    string | null;
  @IsOptional() @Transform(emptyAsNull) @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(CAMPAIGN_MESSAGE_MAX) message5?:
    string | null;
  @IsOptional()
  @Transform(emptyAsNull)
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(CAMPAIGN_MESSAGE_MAX)
  confirmationMessage1?: string | null;
  @IsOptional()
  @Transform(emptyAsNull)
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(CAMPAIGN_MESSAGE_MAX)
  confirmationMessage2?: string | null;
  @IsOptional()
  @Transform(emptyAsNull)
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(CAMPAIGN_MESSAGE_MAX)
  confirmationMessage3?: string | null;
  @IsOptional()
  @Transform(emptyAsNull)
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(CAMPAIGN_MESSAGE_MAX)
  confirmationMessage4?: string | null;
  @IsOptional()
  @Transform(emptyAsNull)
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(CAMPAIGN_MESSAGE_MAX)
  confirmationMessage5?: string | null;
  @IsOptional() @Transform(booleanish) @IsBoolean() confirmation?: boolean;
  @IsOptional() @Transform(emptyAsNull) @ValidateIf((_, v) => v !== null) @IsString() @Matches(CAMPAIGN_SCHEDULED_AT) scheduledAt?:
    string | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(2_147_483_647) whatsappId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(2_147_483_647) contactListId?: number | null;
  @IsOptional() @Transform(tagOrNone) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(2_147_483_647) tagListId?: number | null;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(2_147_483_647) fileListId?: number | null;
  /**
   * On a Cloud API connection (issue 26) the campaign sends this approved template instead of
   * message1..5: its variables' values are texts with the campaign's variables ({nome}, {numero},
   * {email}, the company's own), filled per recipient from the contact list's columns.
   */
  @IsOptional() @ValidateIf((_, v) => v !== null) @ValidateNested() @Type(() => TemplateSendDto) template?: TemplateSendDto | null;
}

/** `PUT /campaigns/{id}`: the same fields, each optional; what may change depends on the status (spec 001 section 4). */
export class UpdateCampaignDto extends PartialType(CampaignDto) {}

export class CampaignsQueryDto extends PageQueryDto {}

/** `POST/DELETE /campaigns/{id}/media-upload`: the gateway stored (or removed) the attachment. */
export class CampaignMediaDto {
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 500) mediaPath!: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 255) mediaName!: string | null;
}

/** The report's counts (spec 001 "Campaigns" report): computed from the shippings. */
export interface CampaignReportView {
  /** Recipients planned (the list's valid items and the tag's contacts, each number once). */
  valid: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  failed: number;
}

/** A campaign's template: which one and its variables' values (campaign variables not yet filled). */
export type CampaignTemplate = TemplateSend;

export interface CampaignView {
  id: number;
  companyId: number;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  /** The approved template a Cloud API campaign sends (its values with the campaign's variables), or null. */
  template: CampaignTemplate | null;
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
  report: CampaignReportView;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignsPageView {
  records: CampaignView[];
  count: number;
  hasMore: boolean;
}

/** One line of the shippings export (CSV): number, message variant, delivered, confirmed, failed reason. */
export interface CampaignShippingView {
  number: string;
  name: string;
  variant: number;
  deliveredAt: string | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  failedReason: string | null;
}

/** The most shippings one page holds (`limit`): the CSV export reads pages this size. */
export const CAMPAIGN_SHIPPINGS_LIMIT_MAX = 500;
/** A page of shippings when `limit` is not given (the report's table). */
export const CAMPAIGN_SHIPPINGS_LIMIT_DEFAULT = 20;

/** `GET /campaigns/{id}/shippings?pageNumber=&limit=`: one page of the campaign's shippings, by number. */
export class CampaignShippingsQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(PAGE_MAX) pageNumber?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(CAMPAIGN_SHIPPINGS_LIMIT_MAX) limit?: number;
}

/** One page of a campaign's shippings, as the other lists answer (`count`: all of the campaign's). */
export interface CampaignShippingsView {
  shippings: CampaignShippingView[];
  count: number;
  hasMore: boolean;
}

/** `company-{id}-campaign` (spec 001 "Live lists"), progress throttled to a few per second. */
export type CampaignEventPayload = { action: 'create' | 'update'; record: CampaignView } | { action: 'delete'; id: number };

// ---- campaign settings (`GET/POST /campaign-settings`) ----

export const CAMPAIGN_SETTING_KEYS = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;
export type CampaignSettingKey = (typeof CAMPAIGN_SETTING_KEYS)[number];

/** Spec 001 section 9 defaults. */
export const CAMPAIGN_SETTING_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [] as CampaignVariable[],
};

export interface CampaignVariable {
  key: string;
  value: string;
}

export class CampaignVariableDto implements CampaignVariable {
  @IsString() @Matches(/^[\p{L}\p{N}_-]{1,50}$/u) key!: string;
  @IsString() @MaxLength(1000) value!: string;
}

/**
 * The settings a company saves: seconds between two messages of one connection, the pause
 * (seconds) after every `longerIntervalAfter` messages (0: never) and the custom variables.
 * Fractions of a second are accepted (the select offers whole seconds; tests and benches pace faster).
 */
export class CampaignSettingsValuesDto {
  @IsOptional() @Type(() => Number) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(3600) messageInterval?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(100_000) longerIntervalAfter?: number;
  @IsOptional() @Type(() => Number) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(86_400) greaterInterval?: number;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => CampaignVariableDto) variables?: CampaignVariableDto[];
}

/** `POST /campaign-settings` body `{ settings }`. */
export class CampaignSettingsDto {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => CampaignSettingsValuesDto) settings!: CampaignSettingsValuesDto;
}

/** One row as the server returns it: key and JSON-encoded value (spec 001 "Campaign setting keys"). */
export interface CampaignSettingView {
  key: CampaignSettingKey;
  value: string;
  companyId: number;
}

export type CampaignSettingsView = CampaignSettingView[];
