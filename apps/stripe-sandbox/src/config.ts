import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';

/** The Stripe sandbox's environment (see README). */
export class StripeSandboxConfig {
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  /** Stripe's API (`/v1`), the test-only calls (`/_sandbox`), QR images and Pix pages. */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8091;
  /** interface the sandbox listens on */
  @IsString() HOST: string = '0.0.0.0';
  /** Base URL of the QR image and Pix page links it hands out; defaults to http://127.0.0.1:<port>. */
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) STRIPE_SANDBOX_PUBLIC_URL?: string;
  /** The secret key API requests must carry (`Authorization: Bearer …`): billing's STRIPE_SECRET_KEY. */
  @Matches(/^sk_test_\w+$/) STRIPE_SANDBOX_SECRET_KEY: string = 'sk_test_atrium_sandbox';
  /** A webhook endpoint configured at start (events `*`), e.g. billing's Stripe webhook URL. More through POST /v1/webhook_endpoints. */
  @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }) STRIPE_SANDBOX_WEBHOOK_URL?: string;
  /** The signing secret of that endpoint: billing's STRIPE_WEBHOOK_SECRET. */
  @Matches(/^whsec_\S+$/) STRIPE_SANDBOX_WEBHOOK_SECRET: string = 'whsec_atrium_sandbox';
  /** Stripe's Pix fee in basis points of the amount (119 = 1.19 %, Stripe Brazil's Pix price). */
  @IsInt() @Min(0) @Max(10000) STRIPE_SANDBOX_PIX_FEE_BPS: number = 119;
  /** Delivery attempts per event and endpoint, the first included (Stripe retries for up to 3 days). */
  @IsInt() @Min(1) @Max(100) STRIPE_SANDBOX_WEBHOOK_ATTEMPTS: number = 8;
  /** Delay before the first retry of a failed delivery; each next one doubles. */
  @IsInt() @Min(1) STRIPE_SANDBOX_WEBHOOK_RETRY_MS: number = 5000;
  /** Longest delay between two attempts. */
  @IsInt() @Min(1) STRIPE_SANDBOX_WEBHOOK_RETRY_MAX_MS: number = 3_600_000;
  /** A receiver that has not answered within this long failed the attempt. */
  @IsInt() @Min(100) STRIPE_SANDBOX_WEBHOOK_TIMEOUT_MS: number = 10_000;
  /** API version of events and of the `Stripe-Version` answer header (the SDK's pinned version). */
  @IsString() STRIPE_SANDBOX_API_VERSION: string = '2026-10-28.endive';
  /** Objects kept per kind (PaymentIntents, charges, events, …), idempotent results and delivery attempts; the oldest are forgotten beyond. */
  @IsInt() @Min(10) STRIPE_SANDBOX_OBJECT_LIMIT: number = 10_000;
  /** Merchant name inside the Pix codes. */
  @IsString() STRIPE_SANDBOX_MERCHANT_NAME: string = 'Atrium';
  /** Merchant city inside the Pix codes. */
  @IsString() STRIPE_SANDBOX_MERCHANT_CITY: string = 'Sao Paulo';
}
