import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** The OpenID Connect provider sandbox's environment (see README). */
export class OidcSandboxConfig {
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  /** Discovery, JWKS, `/authorize` (a login page), `/token`, `/userinfo`, `/health` and the test-only calls (`/_sandbox`). */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8095;
  @IsString() HOST: string = '0.0.0.0';
  /** The issuer identifier (the URL browsers and Atrium reach it at); default `http://127.0.0.1:<port>`. */
  @IsOptional() @Matches(/^https?:\/\/\S+$/) OIDC_SANDBOX_ISSUER?: string;
  /** A client registered at start (the demo's): its id, secret and allowed redirect URIs (comma-separated; none: any). */
  @IsString() OIDC_SANDBOX_CLIENT_ID: string = 'atrium-demo';
  @IsString() OIDC_SANDBOX_CLIENT_SECRET: string = 'atrium-demo-secret';
  @IsOptional() @IsString() OIDC_SANDBOX_REDIRECT_URIS?: string;
  /** Users the login page offers, comma-separated `email` or `email:Name`. */
  @IsString() OIDC_SANDBOX_USERS: string = 'ana@sso.demo:Ana Souza,bruno@sso.demo:Bruno Lima';
}
