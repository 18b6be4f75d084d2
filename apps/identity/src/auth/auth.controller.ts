import { Controller, Inject } from '@nestjs/common';
import {
  IdentitySubjects,
  LoginDto,
  RefreshDto,
  type Actor,
  type ClientInfo,
  type IssuedSession,
  type LoginChallenge,
  type SessionUserView,
} from '@atrium/contracts';
import { RpcActor, RpcClientInfo, RpcData, RpcHandler } from '@atrium/messaging';
import { AuthService } from './auth.service.js';
import { PasswordLogin } from './password-login.js';

@Controller()
export class AuthController {
  constructor(
    @Inject(PasswordLogin) private readonly passwordLogin: PasswordLogin,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  @RpcHandler(IdentitySubjects.authLogin)
  login(@RpcData({ dto: LoginDto }) credentials: LoginDto, @RpcClientInfo() client: ClientInfo): Promise<IssuedSession | LoginChallenge> {
    return this.passwordLogin.login(credentials, client);
  }

  @RpcHandler(IdentitySubjects.authRefresh)
  refresh(@RpcData({ dto: RefreshDto }) body: RefreshDto): Promise<IssuedSession> {
    return this.auth.refresh(body.refreshToken);
  }

  @RpcHandler(IdentitySubjects.authLogout)
  async logout(@RpcData({ dto: RefreshDto }) body: RefreshDto): Promise<{ ok: true }> {
    await this.auth.logout(body.refreshToken);
    return { ok: true };
  }

  @RpcHandler(IdentitySubjects.authEndLogin)
  async endLogin(@RpcActor() actor: Actor): Promise<{ ok: true }> {
    await this.auth.endLogin(actor);
    return { ok: true };
  }

  @RpcHandler(IdentitySubjects.authMe)
  me(@RpcActor() actor: Actor): Promise<SessionUserView> {
    return this.auth.me(actor);
  }
}
