import { Transform, Type } from 'class-transformer';
import { IsDate, IsInt, IsOptional, IsString, Length, Min, ValidateIf, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../paging.js';
import { TemplateSendDto, type TemplateSend } from '../sessions/templates.js';
import { optionalId } from '../transforms.js';

// ---- schedules (apps/campaigns/src/schedules; spec 000 "schedule modal", /schedules calls) ----

export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The longest scheduled message (a WhatsApp text message holds 65 536 characters). */
export const SCHEDULE_BODY_MAX = 65_536;

/** `POST /schedules`: body at least 5 characters ('Mensagem muito curta'), contactId and sendAt required. */
export class ScheduleDto {
  @IsString() @Length(5, SCHEDULE_BODY_MAX, { message: 'Mensagem muito curta' }) body!: string;
  @Type(() => Number) @IsInt({ message: 'Obrigatório' }) @Min(1) contactId!: number;
  @Type(() => Date) @IsDate({ message: 'Obrigatório' }) sendAt!: Date;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) whatsappId?: number | null;
  /**
   * On a Cloud API connection (issue 26): an approved template of the schedule's connection (named
   * by `whatsappId`) with its variables' values, sent instead of `body` when the contact's 24-hour
   * window is closed at sendAt (inside it the body goes). Null or absent: the body only.
   */
  @IsOptional() @ValidateIf((_, v) => v !== null) @ValidateNested() @Type(() => TemplateSendDto) template?: TemplateSendDto | null;
}

/** `PUT /schedules/{id}`: the same fields, each optional. */
export class UpdateScheduleDto {
  @IsOptional() @IsString() @Length(5, SCHEDULE_BODY_MAX, { message: 'Mensagem muito curta' }) body?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) contactId?: number;
  @IsOptional() @Type(() => Date) @IsDate() sendAt?: Date;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) whatsappId?: number | null;
  /** The template sent when the window is closed; null removes it. */
  @IsOptional() @ValidateIf((_, v) => v !== null) @ValidateNested() @Type(() => TemplateSendDto) template?: TemplateSendDto | null;
}

/** `GET /schedules`: searchParam (matched in the body), pageNumber, and `contactId` for one contact's schedules. */
export class SchedulesQueryDto extends PageQueryDto {
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) contactId?: number | null;
}

/**
 * `POST/DELETE /schedules/{id}/media-upload`: `mediaPath` is the upload the gateway staged
 * (`uploads/<companyId>/…`), which the campaigns service claims; null removes the attachment.
 */
export class ScheduleMediaDto {
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 500) mediaPath!: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 255) mediaName!: string | null;
}

export interface ScheduleView {
  id: number;
  companyId: number;
  contactId: number;
  userId: number | null;
  whatsappId: number | null;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  errorReason: string | null;
  sentLate: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  /** The approved template sent instead of the body when the Cloud API window is closed, or null (issue 26). */
  template: TemplateSend | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A schedule as `GET /schedules` lists it: with its contact and user `{id, name}`, as the original
 * backend includes them (null when the record is gone).
 */
export interface ScheduleListItemView extends ScheduleView {
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
}

export interface SchedulesPageView {
  schedules: ScheduleListItemView[];
  count: number;
  hasMore: boolean;
}

/** `company-{id}-schedule`, as the list pages of spec 001 section 5 expect ("Live lists"). */
export type ScheduleEventPayload = { action: 'create' | 'update'; schedule: ScheduleView } | { action: 'delete'; scheduleId: number };
