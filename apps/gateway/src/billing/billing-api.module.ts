import { Module } from '@nestjs/common';
import { InvoicesController } from './invoices.controller.js';
import { ReconciliationController } from './reconciliation.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** The REST face of the billing service. */
@Module({ controllers: [InvoicesController, ReconciliationController, StripeWebhookController] })
export class BillingApiModule {}
