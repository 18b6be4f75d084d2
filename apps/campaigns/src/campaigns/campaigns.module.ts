import { Module } from '@nestjs/common';
import { CampaignSettingsModule } from '../campaign-settings/campaign-settings.module.js';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { FileListsModule } from '../file-lists/file-lists.module.js';
import { CampaignAdvanceProcessor } from './campaign-advance.processor.js';
import { CampaignPlanner } from './campaign-planner.js';
import { CampaignRepliesConsumer } from './campaign-replies.consumer.js';
import { CampaignRunner } from './campaign-runner.js';
import { CampaignViews } from './campaign-views.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsEvents } from './campaigns.events.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { ConnectionTemplates } from '../shared/connection-templates.js';
import { CampaignChannel } from './campaign-channel.js';
import { CampaignReferences } from './campaign-references.js';
import { CampaignsService } from './campaigns.service.js';
import { ConnectionPace } from './connection-pace.js';
import { ShippingSender } from './shipping-sender.js';
import { ShippingsRepository } from './shippings.repository.js';

/**
 * Campaigns (`campaigns.campaigns.*`), the job that starts, plans and finishes them
 * (CampaignAdvanceProcessor) and the connections' senders (CampaignRunner).
 */
@Module({
  imports: [CampaignSettingsModule, FileListsModule, ContactListsModule],
  controllers: [CampaignsController],
  providers: [
    CampaignsRepository,
    ShippingsRepository,
    CampaignViews,
    CampaignsEvents,
    CampaignsService,
    ConnectionTemplates,
    CampaignChannel,
    CampaignReferences,
    ConnectionPace,
    CampaignPlanner,
    ShippingSender,
    CampaignRunner,
    CampaignAdvanceProcessor,
    CampaignRepliesConsumer,
  ],
  exports: [CampaignRunner],
})
export class CampaignsModule {}
