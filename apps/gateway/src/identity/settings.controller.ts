import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { IdentitySubjects, SettingUpdateDto, type ActorState, type SettingView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';

/** Company settings (spec 001 section 3): everyone reads, admins write. */
@Controller('settings')
export class SettingsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  list(@CurrentActor() actor: ActorState): Promise<SettingView[]> {
    return this.rpc.request(IdentitySubjects.settingsList, {}, { actor });
  }

  /** Body `{ key, value }` as the spec sends it; the key in the path is the one that counts. */
  @Put(':key')
  @RequiresPermission('settings:manage')
  update(@CurrentActor() actor: ActorState, @Param('key') key: string, @Body() body: SettingUpdateDto): Promise<SettingView> {
    return this.rpc.request(IdentitySubjects.settingsUpdate, { key, body: { value: body.value } }, { actor });
  }
}
