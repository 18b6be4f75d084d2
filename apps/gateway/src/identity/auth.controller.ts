import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  IdentitySubjects,
  isLoginChallenge,
  LoginDto,
  LoginTwoFactorDto,
  TwoFactorCodeDto,
  TwoFactorEnableDto,
  TwoFactorSetupDto,
  permissionsOf,
  type ActorState,
  type AuthResult,
  type ClientInfo,
  type Done,
  type IssuedSession,
  type LoginChallenge,
  type PermittedUserView,
  type SessionUserView,
  type TwoFactorEnabledView,
  type TwoFactorSetupView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { CookieOptions, Request, Response } from 'express';
import { CompanyGrantsCache } from '../auth/company-grants.cache.js';
import { CurrentActor, CurrentClient, OptionalLogin, Public } from '../auth/decorators.js';
import type { GatewayConfig } from '../config.js';

export const REFRESH_COOKIE = 'jrt';

type PermittedAuthResult = AuthResult & { user: PermittedUserView };

/**
 * Login, refresh (rotating httpOnly cookie), logout and the current user (spec 000 section 7),
 * whose answers carry the user's allowed actions (`permissions`, issue 28);
 * two-factor login (issue 28): a login of a user with 2FA answers `{twoFactorRequired, challenge}`
 * and no token, completed by POST /auth/login/2fa; where the company requires 2FA of a user who has
 * none, `{twoFactorSetupRequired, challenge}`, completed by /auth/2fa/setup and /auth/2fa/enable
 * with that challenge: no token exists before the second factor does, so it cannot be skipped.
 */
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    @Inject(CompanyGrantsCache) private readonly grants: CompanyGrantsCache,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() credentials: LoginDto,
    @CurrentClient() client: ClientInfo,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PermittedAuthResult | LoginChallenge> {
    const answer = await this.rpc.request(IdentitySubjects.authLogin, credentials, { client });
    return isLoginChallenge(answer) ? answer : this.answer(answer, response);
  }

  /** The second step of a login with 2FA: the challenge and a TOTP code or a recovery code. */
  @Public()
  @Post('login/2fa')
  @HttpCode(200)
  async loginTwoFactor(
    @Body() body: LoginTwoFactorDto,
    @CurrentClient() client: ClientInfo,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PermittedAuthResult> {
    const session = await this.rpc.request(IdentitySubjects.authLoginTwoFactor, body, { client });
    return this.answer(session, response);
  }

  /** A new TOTP secret for the logged-in user, or for the user of a setup challenge (mandatory 2FA). */
  @Public()
  @OptionalLogin()
  @Post('2fa/setup')
  @HttpCode(200)
  setupTwoFactor(@Body() body: TwoFactorSetupDto, @CurrentActor() actor: ActorState | undefined): Promise<TwoFactorSetupView> {
    if (!actor && !body.challenge) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    return this.rpc.request(IdentitySubjects.twoFactorSetup, body, { actor: body.challenge ? undefined : actor });
  }

  /** Enables 2FA with a code; answers the recovery codes once (and, with a setup challenge, the login's token and cookie). */
  @Public()
  @OptionalLogin()
  @Post('2fa/enable')
  @HttpCode(200)
  async enableTwoFactor(
    @Body() body: TwoFactorEnableDto,
    @CurrentActor() actor: ActorState | undefined,
    @CurrentClient() client: ClientInfo,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TwoFactorEnabledView | (TwoFactorEnabledView & PermittedAuthResult)> {
    if (!actor && !body.challenge) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    const { recoveryCodes, session } = await this.rpc.request(IdentitySubjects.twoFactorEnable, body, {
      actor: body.challenge ? undefined : actor,
      client,
    });
    return session ? { recoveryCodes, ...(await this.answer(session, response)) } : { recoveryCodes };
  }

  @Post('2fa/disable')
  @HttpCode(200)
  disableTwoFactor(@Body() body: TwoFactorCodeDto, @CurrentActor() actor: ActorState, @CurrentClient() client: ClientInfo): Promise<Done> {
    return this.rpc.request(IdentitySubjects.twoFactorDisable, body, { actor, client });
  }

  @Public()
  @Post('refresh_token')
  @HttpCode(200)
  async refresh(
    @Req() request: Request,
    @CurrentClient() client: ClientInfo,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PermittedAuthResult> {
    const refreshToken = this.cookieOf(request);
    if (!refreshToken) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
    try {
      const session = await this.rpc.request(IdentitySubjects.authRefresh, { refreshToken }, { client });
      return await this.answer(session, response);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ERR_SESSION_EXPIRED)
        response.clearCookie(REFRESH_COOKIE, this.cookieOptions());
      throw error;
    }
  }

  /**
   * Ends the login the cookie belongs to (works with an expired access token too), and the login
   * a valid bearer token belongs to, so a client that keeps only the token logs out as well.
   */
  @Public()
  @OptionalLogin()
  @Delete('logout')
  @HttpCode(200)
  async logout(
    @Req() request: Request,
    @CurrentActor() actor: ActorState | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ message: string }> {
    const refreshToken = this.cookieOf(request);
    if (refreshToken) await this.rpc.request(IdentitySubjects.authLogout, { refreshToken });
    if (actor) await this.rpc.request(IdentitySubjects.authEndLogin, {}, { actor });
    response.clearCookie(REFRESH_COOKIE, this.cookieOptions());
    return { message: 'ok' };
  }

  @Get('me')
  async me(@CurrentActor() actor: ActorState): Promise<PermittedUserView> {
    return this.withPermissions(await this.rpc.request(IdentitySubjects.authMe, {}, { actor }));
  }

  private async answer(session: IssuedSession, response: Response): Promise<PermittedAuthResult> {
    response.cookie(REFRESH_COOKIE, session.refreshToken, { ...this.cookieOptions(), expires: new Date(session.refreshExpiresAt) });
    return { token: session.token, user: await this.withPermissions(session.user) };
  }

  /** The actions the user may do now (issue 28), from the company's grants: not in the token, so never stale there. */
  private async withPermissions(user: SessionUserView): Promise<PermittedUserView> {
    return { ...user, permissions: permissionsOf(user, await this.grants.get(user.companyId)) };
  }

  private cookieOf(request: Request): string | undefined {
    const value = (request.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  }

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.COOKIE_SECURE, path: '/auth' };
  }
}
