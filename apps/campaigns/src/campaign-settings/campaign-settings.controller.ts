import { Controller, Inject } from '@nestjs/common';
import { CampaignSettingsDto, CampaignsSubjects, type Actor, type CampaignSettingsView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { CampaignSettingsService } from './campaign-settings.service.js';

@Controller()
export class CampaignSettingsController {
  constructor(@Inject(CampaignSettingsService) private readonly settings: CampaignSettingsService) {}

  @RpcHandler(CampaignsSubjects.campaignSettingsList)
  list(@RpcActor() actor: Actor): Promise<CampaignSettingsView> {
    return this.settings.list(actor);
  }

  @RpcHandler(CampaignsSubjects.campaignSettingsSave)
  save(@RpcActor() actor: Actor, @RpcData({ dto: CampaignSettingsDto }) dto: CampaignSettingsDto): Promise<CampaignSettingsView> {
    return this.settings.save(actor, dto);
  }
}
