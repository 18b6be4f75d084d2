import { Module, type DynamicModule } from '@nestjs/common';
import { JobName, JobsModule } from '@atrium/jobs';
import { CoreModule } from '@atrium/service-kit';
import type { CampaignsConfig } from './config.js';
import { campaignsSchema, outbox } from './db/schema.js';
import { CampaignSettingsModule } from './campaign-settings/campaign-settings.module.js';
import { CampaignsModule } from './campaigns/campaigns.module.js';
import { ContactListsModule } from './contact-lists/contact-lists.module.js';
import { FileListsModule } from './file-lists/file-lists.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';

@Module({})
export class CampaignsAppModule {
  static forRoot(config: CampaignsConfig): DynamicModule {
    return {
      module: CampaignsAppModule,
      imports: [
        CoreModule.forRoot({ service: 'campaigns', config, schema: campaignsSchema, outbox }),
        // a schedule's run claims its row first, so a retry only repeats what failed before the claim
        JobsModule.forRoot({
          policies: {
            [JobName.ScheduleSend]: { attempts: 3, backoff: { type: 'exponential', delayMs: 1_000 } },
            // an import resumes from its row's nextLine, so a rerun repeats nothing stored
            [JobName.ContactListImport]: { attempts: 5, backoff: { type: 'exponential', delayMs: 2_000 } },
            // a failed run is not retried: the next run (CAMPAIGN_TICK_MS later) does the same work
            [JobName.CampaignsAdvance]: { attempts: 1, backoff: { type: 'fixed', delayMs: 1_000 } },
          },
        }),
        SchedulesModule,
        CampaignSettingsModule,
        CampaignsModule,
        ContactListsModule,
        FileListsModule,
      ],
    };
  }
}
