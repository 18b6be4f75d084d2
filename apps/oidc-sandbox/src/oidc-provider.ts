import { createHash, generateKeyPairSync, randomBytes, sign, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface SandboxUser {
  email: string;
  name: string;
  /** The provider vouches for the address (`email_verified`). */
  emailVerified: boolean;
  /** Stable subject identifier. */
  sub: string;
}

export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs allowed; empty: any (development). */
  redirectUris: string[];
}

/** What an authorization request asked for, kept with the code it produced. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
  nonce?: string;
  codeChallenge: string;
}

interface IssuedCode extends AuthorizationRequest {
  user: SandboxUser;
  expiresAt: number;
  used: boolean;
}

/** Claims of the next id_token to replace (tests of a relying party's checks): one token only. */
export type IdTokenTampering = Partial<Record<'iss' | 'aud' | 'nonce' | 'email' | 'sub', string>> & {
  exp?: number;
  /** Sign with a key the JWKS does not publish. */
  foreignKey?: boolean;
};

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(`${error}: ${description}`);
  }
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 300;

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The provider's state: users, clients, one RS256 signing key, authorization codes (single use,
 * 60 s) and access tokens. Strict as a real provider is: exact redirect URIs, PKCE S256 required,
 * the code bound to its client, redirect URI and verifier; a code presented twice is refused.
 */
export class OidcProvider {
  readonly users = new Map<string, SandboxUser>();
  readonly clients = new Map<string, SandboxClient>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, { user: SandboxUser; expiresAt: number }>();
  private readonly key: KeyObject;
  private readonly keyId: string;
  private readonly publicJwk: Record<string, unknown>;
  private tampering: IdTokenTampering | null = null;
  /** Token requests answered (successes and refusals), for tests. */
  tokenRequests = 0;

  constructor(readonly issuer: string) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.key = pair.privateKey;
    this.keyId = base64url(randomBytes(8));
    this.publicJwk = { ...pair.publicKey.export({ format: 'jwk' }), kid: this.keyId, alg: 'RS256', use: 'sig' };
  }

  addUser(email: string, name?: string, emailVerified = true): SandboxUser {
    const normalized = email.trim().toLowerCase();
    const user: SandboxUser = {
      email: normalized,
      name: name?.trim() || normalized.split('@')[0]!,
      emailVerified,
      sub: createHash('sha256').update(normalized).digest('hex').slice(0, 24),
    };
    this.users.set(normalized, user);
    return user;
  }

  addClient(client: SandboxClient): SandboxClient {
    this.clients.set(client.clientId, client);
    return client;
  }

  /** The next id_token carries these claims instead (or a foreign signature); one token only. */
  tamperNextIdToken(tampering: IdTokenTampering): void {
    this.tampering = tampering;
  }

  discovery(): Record<string, unknown> {
    return {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      userinfo_endpoint: `${this.issuer}/userinfo`,
      jwks_uri: `${this.issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name'],
    };
  }

  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [this.publicJwk] };
  }

  /**
   * Checks an authorization request. Errors before the redirect URI is known good are shown to
   * the user (`redirectable: false`); later ones go back to the client as `error=`.
   */
  checkAuthorization(query: URLSearchParams): AuthorizationRequest {
    const clientId = query.get('client_id') ?? '';
    const client = this.clients.get(clientId);
    if (!client) throw Object.assign(new OAuthError('invalid_client', `unknown client_id "${clientId}"`), { redirectable: false });
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirectUri) || (client.redirectUris.length > 0 && !client.redirectUris.includes(redirectUri)))
      throw Object.assign(new OAuthError('invalid_request', `redirect_uri "${redirectUri}" is not registered`), { redirectable: false });
    if (query.get('response_type') !== 'code') throw new OAuthError('unsupported_response_type', 'only response_type=code');
    const scope = query.get('scope') ?? '';
    if (!scope.split(' ').includes('openid')) throw new OAuthError('invalid_scope', 'scope must include openid');
    const codeChallenge = query.get('code_challenge') ?? '';
    if (query.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))
      throw new OAuthError('invalid_request', 'PKCE with code_challenge_method=S256 is required');
    return {
      clientId,
      redirectUri,
      scope,
      state: query.get('state') ?? undefined,
      nonce: query.get('nonce') ?? undefined,
      codeChallenge,
    };
  }

  issueCode(request: AuthorizationRequest, email: string): string {
    const user = this.users.get(email.trim().toLowerCase());
    if (!user) throw new OAuthError('access_denied', `no user ${email}`);
    const code = base64url(randomBytes(24));
    this.codes.set(code, { ...request, user, expiresAt: Date.now() + CODE_TTL_MS, used: false });
    return code;
  }

  /** The token endpoint: client authentication, then the code with its redirect URI and verifier. */
  exchangeCode(form: URLSearchParams, authorization: string | undefined): Record<string, unknown> {
    this.tokenRequests += 1;
    const client = this.authenticateClient(form, authorization);
    if (form.get('grant_type') !== 'authorization_code') throw new OAuthError('unsupported_grant_type', 'only authorization_code');
    const code = this.codes.get(form.get('code') ?? '');
    if (!code || code.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'unknown code');
    if (code.used) {
      this.codes.delete(form.get('code')!);
      throw new OAuthError('invalid_grant', 'code already used');
    }
    code.used = true;
    if (code.expiresAt < Date.now()) throw new OAuthError('invalid_grant', 'code expired');
    if (form.get('redirect_uri') !== code.redirectUri)
      throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !sameText(challenge, code.codeChallenge))
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');

    const accessToken = base64url(randomBytes(24));
    this.accessTokens.set(accessToken, { user: code.user, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      scope: code.scope,
      id_token: this.idToken(code),
    };
  }

  userinfo(authorization: string | undefined): Record<string, unknown> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    const issued = this.accessTokens.get(token);
    if (!issued || issued.expiresAt < Date.now()) throw new OAuthError('invalid_token', 'unknown or expired access token', 401);
    return { sub: issued.user.sub, email: issued.user.email, email_verified: issued.user.emailVerified, name: issued.user.name };
  }

  private authenticateClient(form: URLSearchParams, authorization: string | undefined): SandboxClient {
    let clientId = form.get('client_id') ?? '';
    let secret = form.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (basic) {
      if (secret !== null) throw new OAuthError('invalid_request', 'one client authentication method only', 400);
      const [id, password] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(password ?? '');
    }
    const client = this.clients.get(clientId);
    if (!client || secret === null || !sameText(secret, client.clientSecret))
      throw new OAuthError('invalid_client', 'client authentication failed', 401);
    return client;
  }

  private idToken(code: IssuedCode): string {
    const tampering = this.tampering ?? {};
    this.tampering = null;
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: tampering.iss ?? this.issuer,
      sub: tampering.sub ?? code.user.sub,
      aud: tampering.aud ?? code.clientId,
      exp: tampering.exp ?? now + TOKEN_TTL_S,
      iat: now,
      auth_time: now,
      ...((tampering.nonce ?? code.nonce) !== undefined && { nonce: tampering.nonce ?? code.nonce }),
      email: tampering.email ?? code.user.email,
      email_verified: code.user.emailVerified,
      name: code.user.name,
    };
    const header = { alg: 'RS256', typ: 'JWT', kid: this.keyId };
    const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
    const key = tampering.foreignKey ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : this.key;
    return `${input}.${base64url(sign('sha256', Buffer.from(input), key))}`;
  }
}
