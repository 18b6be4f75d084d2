import { Controller, Inject } from '@nestjs/common';
import { BillingSubjects, StripeWebhookDto, SubscriptionDto, type Actor, type PixChargeView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { CheckoutService } from './checkout.service.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

@Controller()
export class PaymentsController {
  constructor(
    @Inject(CheckoutService) private readonly checkout: CheckoutService,
    @Inject(StripeWebhookService) private readonly webhooks: StripeWebhookService,
  ) {}

  @RpcHandler(BillingSubjects.subscriptionCreate)
  subscribe(@RpcActor() actor: Actor, @RpcData({ dto: SubscriptionDto }) dto: SubscriptionDto): Promise<PixChargeView> {
    return this.checkout.checkout(actor, dto);
  }

  /** No actor: Stripe is not a user. The signature is the authentication. */
  @RpcHandler(BillingSubjects.stripeWebhook)
  webhook(@RpcData({ dto: StripeWebhookDto }) delivery: StripeWebhookDto): Promise<{ received: true; duplicate: boolean }> {
    return this.webhooks.receive(delivery);
  }
}
