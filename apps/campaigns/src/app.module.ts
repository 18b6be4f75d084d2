import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import type { CampaignsConfig } from './config.js';
import { campaignsSchema } from './db/schema.js';

@Module({})
export class CampaignsAppModule {
  static forRoot(config: CampaignsConfig): DynamicModule {
    return {
      module: CampaignsAppModule,
      imports: [CoreModule.forRoot({ service: 'campaigns', config, schema: campaignsSchema })],
    };
  }
}
