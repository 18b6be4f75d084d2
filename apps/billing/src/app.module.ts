import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import type { BillingConfig } from './config.js';
import { billingSchema } from './db/schema.js';

@Module({})
export class BillingAppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingAppModule,
      imports: [CoreModule.forRoot({ service: 'billing', config, schema: billingSchema })],
    };
  }
}
