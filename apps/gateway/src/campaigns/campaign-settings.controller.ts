import { Body, Controller, Get, Inject, Post } from '@nestjs/common';
import { CampaignSettingsDto, CampaignsSubjects, type ActorState, type CampaignSettingsView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';

/** `GET/POST /campaign-settings` (spec 001 campaigns-config page); plan flag useCampaigns. */
@Controller('campaign-settings')
@RequiresPermission('campaigns:manage')
@RequiresPlan('useCampaigns')
export class CampaignSettingsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  list(@CurrentActor() actor: ActorState): Promise<CampaignSettingsView> {
    return this.rpc.request(CampaignsSubjects.campaignSettingsList, {}, { actor });
  }

  @Post()
  save(@CurrentActor() actor: ActorState, @Body() body: CampaignSettingsDto): Promise<CampaignSettingsView> {
    return this.rpc.request(CampaignsSubjects.campaignSettingsSave, body, { actor });
  }
}
