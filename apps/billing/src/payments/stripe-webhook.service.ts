import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type StripeWebhookDto } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type Stripe from 'stripe';
import type { BillingConfig } from '../config.js';
import { PaymentSettlement } from './payment-settlement.js';
import { STRIPE } from './stripe.provider.js';

const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'payment_intent.requires_action']);

/**
 * Stripe's webhook, as the gateway received it: verified with the official SDK
 * (`stripe.webhooks.constructEvent`: signature over the raw body with STRIPE_WEBHOOK_SECRET,
 * timestamp within the tolerance), then applied once per event id.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PaymentSettlement) private readonly settlement: PaymentSettlement,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(delivery: StripeWebhookDto): Promise<{ received: true; duplicate: boolean }> {
    const event = this.verify(delivery);
    const ref = { id: event.id, type: event.type };
    if (INTENT_EVENTS.has(event.type)) {
      const applied = await this.settlement.apply(event.data.object as Stripe.PaymentIntent, ref);
      return { received: true, duplicate: !applied };
    }
    if (event.type === 'charge.refunded') await this.settlement.applyRefund(event.data.object as Stripe.Charge, ref);
    return { received: true, duplicate: false };
  }

  private verify(delivery: StripeWebhookDto): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(delivery.payload, delivery.signature, this.config.STRIPE_WEBHOOK_SECRET, this.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'stripe webhook refused: bad signature');
      throw new AppError(ErrorCode.ERR_INVALID_WEBHOOK_SIGNATURE);
    }
  }
}
