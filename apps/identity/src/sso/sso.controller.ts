import { Controller, Inject } from '@nestjs/common';
import {
  SsoCallbackRequestDto,
  SsoStartRequestDto,
  SsoSubjects,
  type ClientInfo,
  type IssuedSession,
  type SsoStartView,
} from '@atrium/contracts';
import { RpcClientInfo, RpcData, RpcHandler } from '@atrium/messaging';
import { SsoLoginService } from './sso-login.service.js';

@Controller()
export class SsoController {
  constructor(@Inject(SsoLoginService) private readonly login: SsoLoginService) {}

  @RpcHandler(SsoSubjects.start)
  start(@RpcData({ dto: SsoStartRequestDto }) request: SsoStartRequestDto): Promise<SsoStartView> {
    return this.login.start(request);
  }

  @RpcHandler(SsoSubjects.callback)
  callback(
    @RpcData({ dto: SsoCallbackRequestDto }) request: SsoCallbackRequestDto,
    @RpcClientInfo() client: ClientInfo,
  ): Promise<IssuedSession> {
    return this.login.callback(request, client);
  }
}
