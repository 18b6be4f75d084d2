import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { AppError, ErrorCode, SsoStartDto, SsoSubjects, type ClientInfo, type SsoStartView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { Request, Response } from 'express';
import { CurrentClient, Public } from '../auth/decorators.js';
import type { GatewayConfig } from '../config.js';
import { REFRESH_COOKIE } from './auth.controller.js';

/**
 * Single sign-on (issue 28): the login page asks where to send the browser for an e-mail, and the
 * provider sends it back to the callback, which sets the refresh cookie (as a password login does)
 * and returns to the web app, whose usual refresh call then gets the access token. A failure
 * returns to the web app's login page with `?ssoError=<code>`.
 */
@Controller('auth/sso')
export class SsoController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `{ email }` → `{ url }` of the provider's authorization endpoint; 404 ERR_SSO_NOT_CONFIGURED when the e-mail's domain has none. */
  @Public()
  @Post('start')
  @HttpCode(200)
  start(@Body() body: SsoStartDto, @Req() request: Request): Promise<SsoStartView> {
    return this.rpc.request(SsoSubjects.start, { email: body.email, redirectUri: this.callbackUrl(request) });
  }

  @Public()
  @Get('callback')
  async callback(@Req() request: Request, @CurrentClient() client: ClientInfo, @Res() response: Response): Promise<void> {
    const login = new URL(`${this.webAppUrl()}/login`);
    try {
      const query = request.originalUrl.includes('?') ? request.originalUrl.slice(request.originalUrl.indexOf('?') + 1) : '';
      const session = await this.rpc.request(SsoSubjects.callback, { redirectUri: this.callbackUrl(request), query }, { client });
      response.cookie(REFRESH_COOKIE, session.refreshToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.COOKIE_SECURE,
        path: '/auth',
        expires: new Date(session.refreshExpiresAt),
      });
      login.searchParams.set('sso', 'ok');
    } catch (error) {
      login.searchParams.set('ssoError', error instanceof AppError ? error.code : ErrorCode.ERR_INTERNAL);
    }
    response.redirect(302, login.toString());
  }

  private callbackUrl(request: Request): string {
    return this.config.SSO_CALLBACK_URL ?? `${request.protocol}://${request.get('host')}/auth/sso/callback`;
  }

  private webAppUrl(): string {
    const url = this.config.WEB_APP_URL ?? this.config.WEB_ORIGINS.split(',')[0]!.trim();
    return url.replace(/\/+$/, '');
  }
}
