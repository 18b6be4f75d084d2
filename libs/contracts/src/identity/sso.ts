import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import type { NoData, Rpc } from '../contract.js';
import { booleanish } from '../transforms.js';
import type { IssuedSession } from './views.js';

/**
 * Single sign-on with OpenID Connect (issue 28): each company may name its identity provider;
 * users of its e-mail domains log in there (authorization code flow with PKCE), and are created
 * on their first login.
 */
export const SsoSubjects = {
  /** No actor: `{ email, redirectUri }` → the provider's authorization URL for the e-mail's company. */
  start: 'identity.sso.start',
  /** No actor: `{ redirectUri, query }` (the callback's query string) → a login, as a password login gives. */
  callback: 'identity.sso.callback',
  /** GET /sso-settings (admins). */
  settingsShow: 'identity.sso-settings.show',
  /** PUT /sso-settings (admins). */
  settingsUpdate: 'identity.sso-settings.update',
} as const;

/** A domain as typed in the settings: `example.com`, lower case, no scheme nor `@`; its top level alphabetic, as e-mail validation wants it. */
export const EMAIL_DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** POST /auth/sso/start. */
export class SsoStartDto {
  @IsEmail() @MaxLength(254) email!: string;
}

/** What the gateway asks identity to start: the e-mail and where the provider sends the browser back. */
export class SsoStartRequestDto extends SsoStartDto {
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) @MaxLength(500) redirectUri!: string;
}

/** The provider's redirect as the gateway received it. */
export class SsoCallbackRequestDto {
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) @MaxLength(500) redirectUri!: string;
  /** The callback's query string without `?` (code, state, iss, or error). */
  @IsString() @MaxLength(4096) query!: string;
}

/** PUT /sso-settings. The client secret is write-only: left out (or empty), the stored one stays. */
export class SsoSettingsDto {
  /** The provider's issuer identifier; its `/.well-known/openid-configuration` must answer. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) @MaxLength(500) issuer!: string;
  @IsString() @IsNotEmpty() @MaxLength(255) clientId!: string;
  @IsOptional() @IsString() @MaxLength(1000) clientSecret?: string;
  /** E-mail domains whose users log in through this provider (one company per domain). */
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value)
      ? value.map((domain) => (typeof domain === 'string' ? domain.trim().toLowerCase().replace(/^@/, '') : domain))
      : value,
  )
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(EMAIL_DOMAIN, { each: true })
  domains!: string[];
  /** Passwords refused for the company's users (super users, the break-glass, excepted). */
  @Transform(booleanish) @IsBoolean() requireSso!: boolean;
  /** Off: the provider is kept but nobody logs in through it (nor is SSO required). */
  @IsOptional() @Transform(booleanish) @IsBoolean() enabled?: boolean;
}

/** The company's SSO settings as admins see them (the secret never leaves identity). */
export interface SsoSettingsView {
  configured: boolean;
  enabled: boolean;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  domains: string[];
  requireSso: boolean;
}

export interface SsoStartView {
  url: string;
}

export type SsoContract = {
  [SsoSubjects.start]: Rpc<SsoStartRequestDto, SsoStartView>;
  [SsoSubjects.callback]: Rpc<SsoCallbackRequestDto, IssuedSession>;
  [SsoSubjects.settingsShow]: Rpc<NoData, SsoSettingsView>;
  [SsoSubjects.settingsUpdate]: Rpc<SsoSettingsDto, SsoSettingsView>;
};
