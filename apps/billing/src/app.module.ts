import { Module, type DynamicModule } from '@nestjs/common';
import { JobName, JobsModule } from '@atrium/jobs';
import { CoreModule } from '@atrium/service-kit';
import type { BillingConfig } from './config.js';
import { billingSchema } from './db/schema.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { BillingJobsModule } from './jobs/billing-jobs.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { ReconciliationModule } from './reconciliation/reconciliation.module.js';

@Module({})
export class BillingAppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingAppModule,
      imports: [
        CoreModule.forRoot({ service: 'billing', config, schema: billingSchema }),
        JobsModule.forRoot({
          policies: {
            [JobName.InvoicesIssue]: { attempts: 3, backoff: { type: 'exponential', delayMs: 1_000 } },
            [JobName.PaymentsRecover]: { attempts: 3, backoff: { type: 'exponential', delayMs: 1_000 } },
          },
        }),
        InvoicesModule,
        PaymentsModule,
        ReconciliationModule,
        BillingJobsModule,
      ],
    };
  }
}
