import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  IdentitySubjects,
  LoginDto,
  permissionsOf,
  type ActorState,
  type AuthResult,
  type ClientInfo,
  type IssuedSession,
  type PermittedUserView,
  type SessionUserView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { CookieOptions, Request, Response } from 'express';
import { CompanyGrantsCache } from '../auth/company-grants.cache.js';
import { CurrentActor, CurrentClient, OptionalLogin, Public } from '../auth/decorators.js';
import type { GatewayConfig } from '../config.js';

export const REFRESH_COOKIE = 'jrt';

type PermittedAuthResult = AuthResult & { user: PermittedUserView };

/** Login, refresh (rotating httpOnly cookie), logout and the current user (spec 000 section 7). */
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
  ): Promise<PermittedAuthResult> {
    const session = await this.rpc.request(IdentitySubjects.authLogin, credentials, { client });
    return this.answer(session, response);
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
