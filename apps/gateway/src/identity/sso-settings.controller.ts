import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { SsoSettingsDto, SsoSubjects, type ActorState, type SsoSettingsView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';

/** The company's single sign-on provider (issue 28), for admins; the client secret is write-only. */
@Controller('sso-settings')
export class SsoSettingsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  @RequiresPermission('settings:manage')
  show(@CurrentActor() actor: ActorState): Promise<SsoSettingsView> {
    return this.rpc.request(SsoSubjects.settingsShow, {}, { actor });
  }

  @Put()
  @RequiresPermission('settings:manage')
  update(@CurrentActor() actor: ActorState, @Body() body: SsoSettingsDto): Promise<SsoSettingsView> {
    return this.rpc.request(SsoSubjects.settingsUpdate, body, { actor });
  }
}
