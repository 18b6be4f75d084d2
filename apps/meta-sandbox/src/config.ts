import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** The Meta (WhatsApp Cloud API) sandbox's environment (see README). */
export class MetaSandboxConfig {
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  /** The Graph API (`/v23.0/...`), media downloads, `/health` and the test-only calls (`/_sandbox`). */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8094;
  @IsString() HOST: string = '0.0.0.0';
  /** Where signed webhooks go (the gateway's `/webhooks/whatsapp`); numbers registered later may name their own. */
  @IsOptional() @Matches(/^https?:\/\/\S+$/) META_SANDBOX_WEBHOOK_URL?: string;
  /** A number registered at start (the demo's): its id, WABA, display number, token and app secret. */
  @IsOptional() @Matches(/^\d{5,30}$/) META_SANDBOX_PHONE_NUMBER_ID?: string;
  @Matches(/^\d{5,30}$/) META_SANDBOX_WABA_ID: string = '100200300400500';
  @IsString() META_SANDBOX_DISPLAY_PHONE_NUMBER: string = '+55 11 4000-0000';
  @IsString() META_SANDBOX_VERIFIED_NAME: string = 'Atrium Demo';
  @IsString() META_SANDBOX_ACCESS_TOKEN: string = 'EAAG-sandbox-demo-token';
  @IsString() META_SANDBOX_APP_SECRET: string = 'sandbox-app-secret';
  /** Messages per second a number takes before Meta's 130429 (80, Meta's default). */
  @IsInt() @Min(1) META_SANDBOX_MESSAGES_PER_SECOND: number = 80;
  /** Delay of the automatic `sent` and `delivered` statuses after a send (0: none sent). */
  @IsInt() @Min(0) META_SANDBOX_STATUS_DELAY_MS: number = 200;
}
