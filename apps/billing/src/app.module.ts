import { Module, type DynamicModule } from '@nestjs/common';
import { JobName, JobsModule } from '@atrium/jobs';
import { CoreModule } from '@atrium/service-kit';
import type { BillingConfig } from './config.js';
import { billingSchema } from './db/schema.js';
import { CompanyInvoicesConsumer } from './invoices/company-invoices.consumer.js';
import { InvoiceIssuer } from './invoices/invoice-issuer.js';
import { InvoicesController } from './invoices/invoices.controller.js';
import { InvoicesRepository } from './invoices/invoices.repository.js';
import { InvoicesService } from './invoices/invoices.service.js';
import { BillingJobs } from './jobs/billing-jobs.js';
import { CheckoutService } from './payments/checkout.service.js';
import { PaymentRecovery } from './payments/payment-recovery.js';
import { PaymentSettlement } from './payments/payment-settlement.js';
import { PaymentsController } from './payments/payments.controller.js';
import { PaymentsRepository } from './payments/payments.repository.js';
import { StripeWebhookService } from './payments/stripe-webhook.service.js';
import { stripeProvider } from './payments/stripe.provider.js';
import { ReconciliationController } from './reconciliation/reconciliation.controller.js';
import { ReconciliationService } from './reconciliation/reconciliation.service.js';
import { IdentityClient } from './shared/identity.client.js';

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
      ],
      controllers: [InvoicesController, PaymentsController, ReconciliationController],
      providers: [
        stripeProvider,
        IdentityClient,
        InvoicesRepository,
        InvoicesService,
        InvoiceIssuer,
        CompanyInvoicesConsumer,
        PaymentsRepository,
        CheckoutService,
        PaymentSettlement,
        StripeWebhookService,
        PaymentRecovery,
        ReconciliationService,
        BillingJobs,
      ],
    };
  }
}
