import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentRecovery } from './payment-recovery.js';
import { PaymentSettlement } from './payment-settlement.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { stripeProvider } from './stripe.provider.js';

/** Payments through Stripe: checkout, the webhook, settling an invoice once, and recovering unconfirmed renewals. */
@Module({
  imports: [SharedModule, InvoicesModule],
  controllers: [PaymentsController],
  providers: [stripeProvider, PaymentsRepository, CheckoutService, PaymentSettlement, StripeWebhookService, PaymentRecovery],
  exports: [PaymentsRepository, PaymentRecovery],
})
export class PaymentsModule {}
