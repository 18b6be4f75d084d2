import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX, IsCalendarDay } from '../input-rules.js';
import { PageQueryDto } from '../paging.js';
import { booleanish } from '../transforms.js';
import { INVOICE_STATUSES, type InvoiceStatus } from './views.js';

/** GET /invoices/all: searchParam and pageNumber; super users may also filter. */
export class InvoiceQueryDto extends PageQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT4_MAX) companyId?: number;
  @IsOptional() @IsIn(INVOICE_STATUSES) status?: InvoiceStatus;
  @IsOptional() @IsCalendarDay() dueFrom?: string;
  @IsOptional() @IsCalendarDay() dueTo?: string;
}

/**
 * The HTTP query of GET /invoices/all. `paged` true answers the page object (`{invoices, count,
 * hasMore}`, our web app); without it the answer is the page's invoices as a plain array, as the
 * original backend answered and Atendechat 6.0.0's Financeiro reads it (docs/adr/010).
 */
export class InvoicesAllQueryDto extends InvoiceQueryDto {
  @IsOptional() @Transform(booleanish) @IsBoolean() paged?: boolean;
}

/**
 * POST /subscription (spec 001 'Subscription payload'). Only `invoiceId` decides anything: the
 * amount comes from the invoice on the server, and the card fields of the old form are accepted
 * (clients send them, often empty) but never stored nor used.
 */
export class SubscriptionDto {
  @Type(() => Number) @IsInt() @Min(1) @Max(INT4_MAX) invoiceId!: number;
  @IsOptional() @IsString() @MaxLength(100) firstName?: string;
  @IsOptional() @IsString() @MaxLength(100) lastName?: string;
  @IsOptional() @IsString() @MaxLength(200) address2?: string;
  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsString() @MaxLength(100) state?: string;
  @IsOptional() @IsString() @MaxLength(20) zipcode?: string;
  @IsOptional() @IsString() @MaxLength(100) country?: string;
  @IsOptional() @Transform(booleanish) @IsBoolean() useAddressForPaymentDetails?: boolean;
  @IsOptional() @IsString() @MaxLength(100) nameOnCard?: string;
  @IsOptional() @IsString() @MaxLength(30) cardNumber?: string;
  @IsOptional() @IsString() @MaxLength(10) cvv?: string;
  @IsOptional() @IsString() @MaxLength(2000) plan?: string;
  @IsOptional() price?: unknown;
  @IsOptional() users?: unknown;
  @IsOptional() connections?: unknown;
}

/** A Stripe webhook as the gateway received it: the raw body and its Stripe-Signature header. */
export class StripeWebhookDto {
  @IsString() @MaxLength(1_000_000) payload!: string;
  @IsString() @MaxLength(2000) signature!: string;
}

/** The reconciliation list's filters. */
export class ReconciliationQueryDto {
  @IsOptional() @IsCalendarDay() from?: string;
  @IsOptional() @IsCalendarDay() to?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT4_MAX) companyId?: number;
  @IsOptional() @IsString() @MaxLength(40) status?: string;
}
