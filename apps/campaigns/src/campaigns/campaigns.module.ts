import { Module } from '@nestjs/common';
import { CampaignSettingsModule } from '../campaign-settings/campaign-settings.module.js';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { FileListsModule } from '../file-lists/file-lists.module.js';
import { CampaignRepliesConsumer } from './campaign-replies.consumer.js';
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
  imports: [CampaignSettingsModule, FileListsModule, ContactListsModule],
  controllers: [CampaignsController],
  providers: [
    CampaignsRepository,
    ShippingsRepository,
    CampaignViews,
    CampaignsEvents,
    CampaignsService,
    ConnectionPace,
    CampaignRunner,
    CampaignRepliesConsumer,
  ],
  exports: [CampaignRunner],
})
export class CampaignsModule {}
