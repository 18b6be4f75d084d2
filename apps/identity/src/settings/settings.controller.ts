import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IdentitySubjects, SettingUpdateDto, type Actor, type SettingView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { SettingsService } from './settings.service.js';

@Controller()
export class SettingsController {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @MessagePattern(IdentitySubjects.settingsList)
  list(@RpcActor() actor: Actor): Promise<SettingView[]> {
    return this.settings.list(actor);
  }

  /** Data `{ companyId }`, no actor: other services (tickets) read a company's settings; the payment token is left out. */
  @MessagePattern(IdentitySubjects.settingsOfCompany)
  ofCompany(@RpcId('companyId') companyId: number): Promise<SettingView[]> {
    return this.settings.ofCompany(companyId);
  }

  @MessagePattern(IdentitySubjects.settingsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcData({ path: 'key' }) key: unknown,
    @RpcData({ dto: SettingUpdateDto, path: 'body' }) body: SettingUpdateDto,
  ): Promise<SettingView> {
    return this.settings.update(actor, String(key ?? ''), body.value);
  }
}
