import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { BillingConfig } from '../config.js';
import { InvoiceIssuer } from '../invoices/invoice-issuer.js';
import { PaymentRecovery } from '../payments/payment-recovery.js';

/**
 * The billing service's periodic work on @atrium/jobs: issuing the invoices that fall due and
 * recovering missed webhooks, every BILLING_JOBS_EVERY_MS, each run on one replica. Both are
 * idempotent (the database decides), so a retry or an overlapping run is harmless.
 */
@Injectable()
export class BillingJobs implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(InvoiceIssuer) private readonly issuer: InvoiceIssuer,
    @Inject(PaymentRecovery) private readonly recovery: PaymentRecovery,
  ) {}

  onModuleInit(): void {
    this.jobs.on(JobName.InvoicesIssue, async () => void (await this.issuer.issueDue()));
    this.jobs.on(JobName.PaymentsRecover, async () => void (await this.recovery.recover()));
  }

  async onApplicationBootstrap(): Promise<void> {
    const every = { everyMs: this.config.BILLING_JOBS_EVERY_MS };
    await this.jobs.repeat('billing-invoices-issue', JobName.InvoicesIssue, {}, every);
    await this.jobs.repeat('billing-payments-recover', JobName.PaymentsRecover, {}, every);
  }
}
