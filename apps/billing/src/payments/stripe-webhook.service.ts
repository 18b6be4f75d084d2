import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type StripeWebhookDto } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type Stripe from 'stripe';
import type { BillingConfig } from '../config.js';
import { PaymentSettlement } from './payment-settlement.js';
import { isNotFromTheFuture } from './stripe-signature-time.js';
import { STRIPE } from './stripe.provider.js';

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
]);

/** The id of the object an event is about (a PaymentIntent's or a charge's); '' when the body has none. */
function objectIdOf(event: Stripe.Event): string {
  const object = event.data.object as { id?: unknown };
  return typeof object.id === 'string' ? object.id : '';
}

/**
 * Stripe's webhook, as the gateway received it: verified with the official SDK
 * (`stripe.webhooks.constructEvent`: signature over the raw body with STRIPE_WEBHOOK_SECRET,
 * timestamp not older than the tolerance) and, beyond what the SDK checks, not signed further in
 * the future than the tolerance either. The event only says which object changed: settlement
 * retrieves that object from Stripe and applies what Stripe says, once per event id.
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
      const { duplicate } = await this.settlement.settle(objectIdOf(event), ref);
      return { received: true, duplicate };
    }
    if (event.type === 'charge.refunded') await this.settlement.settleRefund(objectIdOf(event), ref);
    return { received: true, duplicate: false };
  }

  private verify(delivery: StripeWebhookDto): Stripe.Event {
    const tolerance = this.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS;
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(delivery.payload, delivery.signature, this.config.STRIPE_WEBHOOK_SECRET, tolerance);
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'stripe webhook refused: bad signature');
      throw new AppError(ErrorCode.ERR_INVALID_WEBHOOK_SIGNATURE);
    }
    if (!isNotFromTheFuture(delivery.signature, tolerance)) {
      this.logger.warn({ eventId: event.id }, 'stripe webhook refused: signed in the future beyond the tolerance');
      throw new AppError(ErrorCode.ERR_INVALID_WEBHOOK_SIGNATURE);
    }
    return event;
  }
}
