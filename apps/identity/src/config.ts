import { DevelopmentDefault, EnvBoolean, IsJwtSecret, MediaStorageConfig } from '@atrium/config';
import { IsEmail, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';

/** Identity's variables; it owns announcement images, so it reads the media store too. */
export class IdentityConfig extends MediaStorageConfig {
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8081;

  /** Signs access tokens; the gateway verifies them with the same secret. 32+ bytes; the development default is refused in production. */
  @IsJwtSecret() JWT_SECRET: string = 'dev-only-jwt-secret-change-me-0123456789';
  @IsInt() @Min(60) ACCESS_TOKEN_TTL_SECONDS: number = 900;
  @IsInt() @Min(300) REFRESH_TOKEN_TTL_SECONDS: number = 7 * 24 * 3600;

  /** Super user seeded on first start; required in production. */
  @ValidateIf((c: IdentityConfig) => c.NODE_ENV === 'production') @IsEmail() ADMIN_EMAIL?: string;
  @ValidateIf((c: IdentityConfig) => c.NODE_ENV === 'production') @IsString() @MinLength(8) ADMIN_PASSWORD?: string;

  @IsString() SMTP_HOST: string = '127.0.0.1';
  @IsInt() @Min(1) @Max(65535) SMTP_PORT: number = 1025;
  @IsOptional() @IsString() SMTP_USER?: string;
  @IsOptional() @IsString() SMTP_PASS?: string;
  @IsString() MAIL_FROM: string = 'Atrium <no-reply@atrium.local>';

  /** Login slowing (auth/login-rate-limiter.ts): attempts of one account from one IP before they must wait. */
  @IsInt() @Min(1) LOGIN_FREE_FAILURES_PER_ACCOUNT_IP: number = 5;
  /** Failed attempts of one IP (any accounts) before its attempts must wait. */
  @IsInt() @Min(1) LOGIN_FREE_FAILURES_PER_IP: number = 30;
  /** First wait after the free attempts; each further attempt doubles it. */
  @IsInt() @Min(1) LOGIN_BACKOFF_BASE_MS: number = 1000;
  /** Longest wait between two attempts. */
  @IsInt() @Min(1) LOGIN_BACKOFF_MAX_SECONDS: number = 900;
  /** How long attempts are remembered after the last one. */
  @IsInt() @Min(60) LOGIN_FAILURE_MEMORY_SECONDS: number = 3600;

  /** Key (32 bytes or more) identity seals its secrets with (AES-256-GCM): users' two-factor (TOTP) secrets and companies' single sign-on client secrets; the development default is refused in production. */
  @IsString() @MinLength(32) @DevelopmentDefault() IDENTITY_SECRETS_KEY: string = 'dev-only-identity-secrets-key-change-me-0123';
  /** How long a login's two-factor challenge (the step between password and code) may be answered. */
  @IsInt() @Min(1) @Max(3600) TWO_FACTOR_CHALLENGE_TTL_SECONDS: number = 300;

  /** Company signups (POST /companies/cadastro) one client IP may make per hour. */
  @IsInt() @Min(1) SIGNUPS_PER_IP_PER_HOUR: number = 10;

  /** Accept identity providers over plain http (development and tests: the oidc-sandbox); https only when off. */
  @EnvBoolean() SSO_ALLOW_HTTP_ISSUERS: boolean = false;
  /** Audit log entries older than this many days are deleted (docs/adr/023-audit-log.md). */
  @IsInt() @Min(1) AUDIT_LOG_RETENTION_DAYS: number = 365;
  /** How often the audit log's retention runs. */
  @IsInt() @Min(1000) AUDIT_LOG_PURGE_EVERY_MS: number = 6 * 3600 * 1000;
}
