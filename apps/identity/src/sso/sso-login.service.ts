import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import {
  AppError,
  ErrorCode,
  type ClientInfo,
  type IssuedSession,
  type SsoCallbackRequestDto,
  type SsoStartRequestDto,
  type SsoStartView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { LoginPolicy } from '../auth/login-policy.js';
import { SessionIssuer } from '../auth/session-issuer.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { SsoProviders } from '../sso-settings/sso-providers.js';
import { SsoLoginStates } from './sso-login-states.js';

const SCOPE = 'openid email profile';

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Login through the company's OpenID Connect provider: the authorization code flow with PKCE,
 * state and nonce (kept server-side, single use, 10 minutes). The id_token's signature, issuer,
 * audience, expiry and nonce are checked by openid-client; the e-mail it vouches for must be of
 * one of the company's domains. A user is found by e-mail, or created on the first login with
 * the default profile (user), within the plan's user limit.
 */
@Injectable()
export class SsoLoginService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SsoProviders) private readonly providers: SsoProviders,
    @Inject(SsoLoginStates) private readonly states: SsoLoginStates,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UsersService) private readonly usersService: UsersService,
    @Inject(LoginPolicy) private readonly policy: LoginPolicy,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(request: SsoStartRequestDto): Promise<SsoStartView> {
    const email = request.email.trim().toLowerCase();
    const settings = await this.providers.ofDomain(domainOf(email));
    if (!settings) throw new AppError(ErrorCode.ERR_SSO_NOT_CONFIGURED);

    const configuration = await this.providers.configurationOf(settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.states.save(state, { companyId: settings.companyId, codeVerifier, nonce, redirectUri: request.redirectUri });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: request.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: email,
    });
    return { url: url.href };
  }

  async callback(request: SsoCallbackRequestDto, client: ClientInfo): Promise<IssuedSession> {
    const query = new URLSearchParams(request.query);
    const state = query.get('state');
    const started = state ? await this.states.take(state) : undefined;
    if (!started || started.redirectUri !== request.redirectUri) throw new AppError(ErrorCode.ERR_SSO_STATE_INVALID);
    if (query.has('error')) throw new AppError(ErrorCode.ERR_SSO_LOGIN_FAILED, { data: { error: query.get('error') } });
    const settings = await this.providers.enabled(started.companyId);
    if (!settings) throw new AppError(ErrorCode.ERR_SSO_NOT_CONFIGURED);

    const configuration = await this.providers.configurationOf(settings);
    const claims = await this.verifiedClaims(configuration, new URL(`${request.redirectUri}?${query.toString()}`), started, state!);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const domains = await this.providers.domainsOf(settings.companyId);
    if (!email.includes('@') || claims.email_verified === false || !domains.includes(domainOf(email)))
      throw new AppError(ErrorCode.ERR_SSO_DOMAIN_NOT_ALLOWED);

    const found = await this.userFor(settings.companyId, email, typeof claims.name === 'string' ? claims.name : undefined);
    // the provider proved who this is (its own second factor included): no password, no TOTP step here
    this.policy.assertCompanyMayLogIn(found.company, found.user.super);
    return this.issuer.start(found.user, client);
  }

  /** The token request, and openid-client's checks of its answer; any failure is ERR_SSO_LOGIN_FAILED (the reason logged). */
  private async verifiedClaims(
    configuration: oidc.Configuration,
    currentUrl: URL,
    started: { codeVerifier: string; nonce: string },
    state: string,
  ): Promise<oidc.IDToken> {
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: started.codeVerifier,
        expectedState: state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
      return tokens.claims()!;
    } catch (error) {
      this.logger.info({ err: error }, 'sso: the provider answer was refused');
      throw new AppError(ErrorCode.ERR_SSO_LOGIN_FAILED);
    }
  }

  /** The user with this e-mail, which must be of this company; otherwise a new one (just in time). */
  private async userFor(companyId: number, email: string, name: string | undefined) {
    const existing = await this.database.asSystem((tx) => this.users.findByEmailWithCompany(tx, email));
    if (existing && existing.user.companyId !== companyId) throw new AppError(ErrorCode.ERR_SSO_DOMAIN_NOT_ALLOWED);
    if (existing) return existing;
    const displayName = (name?.trim() || email.split('@')[0]!).slice(0, 50);
    await this.usersService.provisionFromSso(companyId, { email, name: displayName });
    const created = await this.database.asSystem((tx) => this.users.findByEmailWithCompany(tx, email));
    if (!created) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
    return created;
  }
}
