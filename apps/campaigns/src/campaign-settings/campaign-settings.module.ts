import { Module } from '@nestjs/common';
import { CampaignSettingsController } from './campaign-settings.controller.js';
import { CampaignSettingsRepository } from './campaign-settings.repository.js';
import { CampaignSettingsService } from './campaign-settings.service.js';

/** Campaign settings (`campaigns.campaign-settings.*`): pace and custom variables per company. */
@Module({
  controllers: [CampaignSettingsController],
  providers: [CampaignSettingsRepository, CampaignSettingsService],
  exports: [CampaignSettingsService],
})
export class CampaignSettingsModule {}
