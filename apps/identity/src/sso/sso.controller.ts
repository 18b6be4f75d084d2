import { Controller, Inject } from '@nestjs/common';
import {
  SsoCallbackRequestDto,
  SsoSettingsDto,
  SsoStartRequestDto,
  SsoSubjects,
  type Actor,
  type ClientInfo,
  type IssuedSession,
  type SsoSettingsView,
  type SsoStartView,
} from '@atrium/contracts';
import { RpcActor, RpcClientInfo, RpcData, RpcHandler } from '@atrium/messaging';
import { SsoLoginService } from './sso-login.service.js';
import { SsoSettingsService } from './sso-settings.service.js';

@Controller()
export class SsoController {
  constructor(
    @Inject(SsoLoginService) private readonly login: SsoLoginService,
    @Inject(SsoSettingsService) private readonly settings: SsoSettingsService,
  ) {}

  @RpcHandler(SsoSubjects.start)
  start(@RpcData({ dto: SsoStartRequestDto }) request: SsoStartRequestDto): Promise<SsoStartView> {
    return this.login.start(request);
  }

  @RpcHandler(SsoSubjects.callback)
  callback(@RpcData({ dto: SsoCallbackRequestDto }) request: SsoCallbackRequestDto, @RpcClientInfo() client: ClientInfo): Promise<IssuedSession> {
    return this.login.callback(request, client);
  }

  @RpcHandler(SsoSubjects.settingsShow)
  show(@RpcActor() actor: Actor): Promise<SsoSettingsView> {
    return this.settings.show(actor);
  }

  @RpcHandler(SsoSubjects.settingsUpdate)
  update(@RpcActor() actor: Actor, @RpcData({ dto: SsoSettingsDto }) body: SsoSettingsDto): Promise<SsoSettingsView> {
    return this.settings.update(actor, body);
  }
}
