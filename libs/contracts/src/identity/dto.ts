import { OmitType, PartialType } from '@nestjs/mapped-types';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
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
import { IsCalendarDay, IsNotBefore } from '../input-rules.js';
import { booleanish, optionalId } from '../transforms.js';
import { ALL_TICKET_VALUES, PROFILES, type AllTicket, type Profile } from '../actor.js';
import { HH_MM, WEEKDAYS_EN } from './schedules.js';
import { RECURRENCES, type Recurrence } from './views.js';

/** Password rule of the reset screen (spec 001 section 5). */
export const STRONG_PASSWORD = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;

export class LoginDto {
  @IsEmail() @MaxLength(254) email!: string;
  @IsString() @IsNotEmpty() @MaxLength(128) password!: string;
}

/** POST /auth/login/2fa: the challenge the password step answered and a TOTP code (6 digits) or a recovery code. */
export class LoginTwoFactorDto {
  @IsString() @IsNotEmpty() @MaxLength(100) challenge!: string;
  @IsString() @IsNotEmpty() @MaxLength(40) code!: string;
}

/** POST /auth/2fa/setup: logged in, or with the setup challenge a login answered (mandatory 2FA). */
export class TwoFactorSetupDto {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) challenge?: string;
}

/** POST /auth/2fa/enable: a code of the set up secret; with the setup challenge when not logged in. */
export class TwoFactorEnableDto {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) challenge?: string;
  @IsString() @IsNotEmpty() @MaxLength(40) code!: string;
}

/** POST /auth/2fa/disable: a TOTP or recovery code. */
export class TwoFactorCodeDto {
  @IsString() @IsNotEmpty() @MaxLength(40) code!: string;
}

export class RefreshDto {
  @IsString() @IsNotEmpty() @MaxLength(512) refreshToken!: string;
}

export class SignupDto {
  @IsString() @Length(2, 50) name!: string;
  @IsEmail() @MaxLength(254) email!: string;
  /** (99) 99999-9999 in the form; stored as digits. */
  @IsOptional() @IsString() @Matches(/^[\d\s()+-]{0,20}$/) phone?: string;
  @IsString() @Length(5, 50) password!: string;
  @Type(() => Number) @IsInt() @Min(1) planId!: number;
  // The trial values below are accepted for compatibility with existing clients and ignored:
  // the server sets the 3-day trial itself.
  @IsOptional() @IsString() recurrence?: string;
  @IsOptional() @IsString() dueDate?: string;
  @IsOptional() status?: unknown;
  @IsOptional() campaignsEnabled?: unknown;
}

export class CreateUserDto {
  @IsString() @Length(2, 50) name!: string;
  @IsEmail() @MaxLength(254) email!: string;
  @IsString() @Length(5, 50) password!: string;
  @IsOptional() @IsIn(PROFILES) profile?: Profile;
  @IsOptional() @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) @Min(1, { each: true }) queueIds?: number[];
  @IsOptional() @IsIn(ALL_TICKET_VALUES) allTicket?: AllTicket;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) whatsappId?: number | null;
}

export class UpdateUserDto {
  @IsOptional() @IsString() @Length(2, 50) name?: string;
  @IsOptional() @IsEmail() @MaxLength(254) email?: string;
  /** Empty means "keep the current password" (the form sends it blank). */
  @IsOptional() @ValidateIf((_, v) => v !== '') @IsString() @Length(5, 50) password?: string;
  @IsOptional() @IsIn(PROFILES) profile?: Profile;
  @IsOptional() @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) @Min(1, { each: true }) queueIds?: number[];
  @IsOptional() @IsIn(ALL_TICKET_VALUES) allTicket?: AllTicket;
  @IsOptional() @Transform(optionalId) @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) whatsappId?: number | null;
}

export class UserStatusDto {
  @Transform(booleanish) @IsBoolean() online!: boolean;
}

/** One weekday's hours: both HH:MM, the end not before the start (equal: closed that day), or both '' (no hours). */
export class ScheduleRowDto {
  @IsString() @MaxLength(20) weekday!: string;
  @IsIn(WEEKDAYS_EN) weekdayEn!: string;
  @ValidateIf((_, v) => v !== '') @Matches(HH_MM, { message: 'startTime must be a time HH:MM' }) startTime!: string;
  @ValidateIf((_, v) => v !== '')
  @Matches(HH_MM, { message: 'endTime must be a time HH:MM' })
  @IsNotBefore('startTime', HH_MM)
  endTime!: string;
}

/** A week of hours (company or queue): at most one row per weekday. */
export function IsWeekSchedule(): PropertyDecorator {
  const rules: PropertyDecorator[] = [
    IsArray(),
    ArrayMaxSize(7),
    ArrayUnique((row: { weekdayEn?: unknown } | null) => row?.weekdayEn, { message: 'each weekday at most once' }),
    ValidateNested({ each: true }),
    Type(() => ScheduleRowDto),
  ];
  return (target, property) => rules.forEach((rule) => rule(target, property));
}

export class CompanySchedulesDto {
  @IsWeekSchedule() schedules!: ScheduleRowDto[];
}

export class CompanyDto {
  @IsString() @Length(2, 100) name!: string;
  @IsEmail() @MaxLength(254) email!: string;
  @IsOptional() @IsString() @MaxLength(30) phone?: string;
  @Type(() => Number) @IsInt() @Min(1) planId!: number;
  @IsOptional() @Transform(booleanish) @IsBoolean() status?: boolean;
  /** YYYY-MM-DD; empty or invalid is sent as null by the form. */
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsCalendarDay() dueDate?: string | null;
  @IsOptional() @IsIn(RECURRENCES) recurrence?: Recurrence;
  @IsOptional() @Transform(booleanish) @IsBoolean() campaignsEnabled?: boolean;
  @IsOptional() @IsString() @MaxLength(30) document?: string;
  @IsOptional() @IsString() @MaxLength(20) addressZipCode?: string;
  @IsOptional() @IsString() @MaxLength(200) addressStreet?: string;
  @IsOptional() @IsString() @MaxLength(50) addressState?: string;
  @IsOptional() @IsString() @MaxLength(100) addressCity?: string;
  @IsOptional() @IsString() @MaxLength(100) addressDistrict?: string;
  /** When given, the company's first admin user is created too, with the company's e-mail. */
  @IsOptional() @IsString() @Length(5, 50) password?: string;
}

/** Every field of CompanyDto, each optional; the admin password is set only on create. */
export class UpdateCompanyDto extends PartialType(OmitType(CompanyDto, ['password'] as const)) {}

/** Spec 001 section 9 defaults: every feature enabled, 0 for the limits (0 = unlimited) and the value. */
export class PlanDto {
  @IsString() @Length(2, 50) name!: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) users?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) connections?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) queues?: number;
  /** numeric(12, 2): below 10 000 000 000. */
  @IsOptional() @Type(() => Number) @IsNumber({ maxDecimalPlaces: 2 }) @Min(0) @Max(9_999_999_999.99) value?: number;
  @IsOptional() @Transform(booleanish) @IsBoolean() useCampaigns?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() useSchedules?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() useInternalChat?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() useExternalApi?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() useKanban?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() useOpenAi?: boolean;
  @IsOptional() @Transform(booleanish) @IsBoolean() useIntegrations?: boolean;
}

export class UpdatePlanDto extends PartialType(PlanDto) {}

export class SettingUpdateDto {
  @IsString() @MaxLength(500) value!: string;
}

export class HelpDto {
  @IsString() @Length(1, 200) title!: string;
  @IsOptional() @IsString() @MaxLength(200) video?: string;
  @IsOptional() @IsString() @MaxLength(5000) description?: string;
}

export class UpdateHelpDto extends PartialType(HelpDto) {}

export class AnnouncementDto {
  @IsString() @Length(1, 200) title!: string;
  @IsString() @Length(1, 10_000) text!: string;
  @IsOptional() @Type(() => Number) @IsIn([1, 2, 3]) priority?: 1 | 2 | 3;
  @IsOptional() @Transform(booleanish) @IsBoolean() status?: boolean;
}

export class UpdateAnnouncementDto extends PartialType(AnnouncementDto) {}

/** Sets (or, with nulls, clears) an announcement's image: the gateway stored the file under `mediaPath` (a storage key). */
export class AnnouncementMediaDto {
  @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 500) mediaPath!: string | null;
  @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 255) mediaName!: string | null;
}

export class ForgotPasswordDto {
  @IsEmail() @MaxLength(254) email!: string;
}

export class ResetPasswordDto {
  @IsEmail() @MaxLength(254) email!: string;
  @IsString() @Length(4, 64) token!: string;
  @IsString() @MaxLength(128) newPassword!: string;
}

/** RPC payloads that address one record. */
export class IdDto {
  @Type(() => Number) @IsInt() @Min(1) id!: number;
}

/** companiesBillable: companies due on or before this date (only that one company, with `companyId`). */
export class BillableCompaniesDto {
  @IsCalendarDay() dueBy!: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) companyId?: number;
}

/** companiesRenew: the due date of the invoice that was paid. */
export class CompanyRenewDto {
  @Type(() => Number) @IsInt() @Min(1) companyId!: number;
  @IsCalendarDay() paidDueDate!: string;
}
