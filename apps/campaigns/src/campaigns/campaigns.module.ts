import { Module } from '@nestjs/common';
import { CampaignSettingsModule } from '../campaign-settings/campaign-settings.module.js';
import { CampaignRunner } from './campaign-runner.js';
import { CampaignViews } from './campaign-views.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsEvents } from './campaigns.events.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';
import { ConnectionPace } from './connection-pace.js';
import { ShippingsRepository } from './shippings.repository.js';

/** Campaigns (`campaigns.campaigns.*`) and the runner that sends them (CampaignRunner). */
@Module({
  imports: [CampaignSettingsModule],
  controllers: [CampaignsController],
  providers: [CampaignsRepository, ShippingsRepository, CampaignViews, CampaignsEvents, CampaignsService, ConnectionPace, CampaignRunner],
  exports: [CampaignRunner],
})
export class CampaignsModule {}
