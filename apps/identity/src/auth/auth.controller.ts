import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IdentitySubjects, LoginDto, RefreshDto, type Actor, type ClientInfo, type IssuedSession, type SessionUserView } from '@atrium/contracts';
import { RpcActor, RpcClientInfo, RpcData } from '@atrium/messaging';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  @MessagePattern(IdentitySubjects.authLogin)
  login(@RpcData({ dto: LoginDto }) credentials: LoginDto, @RpcClientInfo() client: ClientInfo): Promise<IssuedSession> {
    return this.auth.login(credentials, client);
  }

  @MessagePattern(IdentitySubjects.authRefresh)
  refresh(@RpcData({ dto: RefreshDto }) body: RefreshDto): Promise<IssuedSession> {
    return this.auth.refresh(body.refreshToken);
  }

  @MessagePattern(IdentitySubjects.authLogout)
  async logout(@RpcData({ dto: RefreshDto }) body: RefreshDto): Promise<{ ok: true }> {
    await this.auth.logout(body.refreshToken);
    return { ok: true };
  }

  @MessagePattern(IdentitySubjects.authMe)
  me(@RpcActor() actor: Actor): Promise<SessionUserView> {
    return this.auth.me(actor);
  }
}
