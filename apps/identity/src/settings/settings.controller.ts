import { Controller, Inject } from '@nestjs/common';
import { IdentitySubjects, SettingUpdateDto, type Actor, type SettingView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { SettingsService } from './settings.service.js';

@Controller()
export class SettingsController {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @RpcHandler(IdentitySubjects.settingsList)
  list(@RpcActor() actor: Actor): Promise<SettingView[]> {
    return this.settings.list(actor);
  }

  /** Data `{ companyId }`, no actor: other services (tickets) read a company's settings; the payment token is left out. */
  @RpcHandler(IdentitySubjects.settingsOfCompany)
  ofCompany(@RpcId('companyId') companyId: number): Promise<SettingView[]> {
    return this.settings.ofCompany(companyId);
  }

  @RpcHandler(IdentitySubjects.settingsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcData({ path: 'key' }) key: unknown,
    @RpcData({ dto: SettingUpdateDto, path: 'body' }) body: SettingUpdateDto,
  ): Promise<SettingView> {
    return this.settings.update(actor, String(key ?? ''), body.value);
  }
}
