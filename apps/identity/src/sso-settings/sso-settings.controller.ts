import { Controller, Inject } from '@nestjs/common';
import { SsoSettingsDto, SsoSubjects, type Actor, type SsoSettingsView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { SsoSettingsService } from './sso-settings.service.js';

@Controller()
export class SsoSettingsController {
  constructor(@Inject(SsoSettingsService) private readonly settings: SsoSettingsService) {}

  @RpcHandler(SsoSubjects.settingsShow)
  show(@RpcActor() actor: Actor): Promise<SsoSettingsView> {
    return this.settings.show(actor);
  }

  @RpcHandler(SsoSubjects.settingsUpdate)
  update(@RpcActor() actor: Actor, @RpcData({ dto: SsoSettingsDto }) body: SsoSettingsDto): Promise<SsoSettingsView> {
    return this.settings.update(actor, body);
  }
}
