import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { CampaignSettingsController } from './campaign-settings.controller.js';
import { CampaignsController } from './campaigns.controller.js';
import { ContactListItemsController } from './contact-list-items.controller.js';
import { ContactListsController } from './contact-lists.controller.js';
import { FilesController } from './files.controller.js';
import { SchedulesController } from './schedules.controller.js';

/** The REST face of the campaigns service: each controller validates, authorises and forwards over NATS. */
@Module({
  imports: [AuthModule, MediaModule],
  controllers: [
    SchedulesController,
    ContactListsController,
    ContactListItemsController,
    FilesController,
    CampaignsController,
    CampaignSettingsController,
  ],
})
export class CampaignsApiModule {}
