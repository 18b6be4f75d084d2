import { IsTimeZone, ServiceConfig } from '@atrium/config';
import { IsEmail, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';

export class IdentityConfig extends ServiceConfig {
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8081;

  /** Signs access tokens; the gateway verifies them with the same secret. */
  @IsString() @MinLength(32) JWT_SECRET: string = 'dev-only-jwt-secret-change-me-0123456789';
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

  @IsInt() @Min(1) LOGIN_MAX_FAILURES_PER_ACCOUNT: number = 10;
  @IsInt() @Min(1) LOGIN_MAX_ATTEMPTS_PER_IP: number = 100;
  @IsInt() @Min(1) LOGIN_WINDOW_SECONDS: number = 900;

  /** Time zone whose calendar decides when a company's due date has passed, and trial due dates. */
  @IsTimeZone() TIME_ZONE: string = 'America/Sao_Paulo';
}
