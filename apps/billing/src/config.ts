import { DevelopmentDefault, ServiceConfig } from '@atrium/config';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export class BillingConfig extends ServiceConfig {
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8085;

  /** Stripe's secret API key. The default is stripe-sandbox's test key, refused in production (which sets its own, a secret never in clear in settings). */
  @Matches(/^(sk|rk)_(test|live)_\w+$/) @DevelopmentDefault() STRIPE_SECRET_KEY: string = 'sk_test_atrium_sandbox';
  /** Signing secret of the webhook endpoint (`whsec_…`); the default is stripe-sandbox's, refused in production. */
  @Matches(/^whsec_\S+$/) @DevelopmentDefault() STRIPE_WEBHOOK_SECRET: string = 'whsec_atrium_sandbox';
  /** Where the Stripe SDK connects; unset means Stripe itself. `npm start` points it at stripe-sandbox outside production. */
  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9.-]+$/) STRIPE_API_HOST?: string;
  @IsOptional() @IsInt() @Min(1) @Max(65535) STRIPE_API_PORT?: number;
  @IsIn(['https', 'http']) STRIPE_API_PROTOCOL: 'https' | 'http' = 'https';
  /** Oldest webhook signature timestamp accepted, in seconds (Stripe's default tolerance). */
  @IsInt() @Min(1) @Max(3600) STRIPE_WEBHOOK_TOLERANCE_SECONDS: number = 300;

  /** How long a Pix code can be paid, in seconds (Stripe allows 60 to 1209600). */
  @IsInt() @Min(60) @Max(1_209_600) PIX_EXPIRES_AFTER_SECONDS: number = 3600;
  /** An invoice is issued this many days before the company's due date. */
  @IsInt() @Min(0) @Max(365) INVOICE_DAYS_BEFORE_DUE: number = 20;
  /** Period of the billing jobs (issuing invoices, recovering missed webhooks), in milliseconds. */
  @IsInt() @Min(1000) BILLING_JOBS_EVERY_MS: number = 10 * 60_000;
}
