import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { BillingJobs } from './billing-jobs.js';

/** The repeatable jobs of billing: issuing invoices and recovering payments (queue from JobsModule in the app module). */
@Module({ imports: [InvoicesModule, PaymentsModule], providers: [BillingJobs] })
export class BillingJobsModule {}
