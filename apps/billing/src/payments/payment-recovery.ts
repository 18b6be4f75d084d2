import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { BillingDatabase } from '../shared/billing-database.js';
import { PaymentSettlement } from './payment-settlement.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * Missed webhooks (billing was down, the network lost them): settles the PaymentIntents of open
 * invoices through the same idempotent path as the webhook (which asks Stripe for each),
 * then retries license renewals identity did not confirm and reads fees Stripe did not give then.
 */
@Injectable()
export class PaymentRecovery {
  constructor(
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(PaymentSettlement) private readonly settlement: PaymentSettlement,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many charges changed. */
  async recover(): Promise<number> {
    const inPlay = await this.database.asSystem((tx) => this.payments.inPlayForOpenInvoices(tx));
    let changed = 0;
    for (const payment of inPlay) {
      try {
        if ((await this.settlement.settle(payment.paymentIntentId)).changed) changed += 1;
      } catch (error) {
        this.logger.warn({ err: error, paymentIntentId: payment.paymentIntentId }, 'could not recover a payment');
      }
    }
    await this.settlement.renewPending();
    await this.settlement.completeFees();
    return changed;
  }
}
