import type { Provider } from '@nestjs/common';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import Stripe from 'stripe';
import type { BillingConfig } from '../config.js';

/** Injection token of the billing service's Stripe client. */
export const STRIPE = Symbol('STRIPE');

/** The official SDK, pointed at STRIPE_API_HOST/PORT/PROTOCOL when set (stripe-sandbox outside production). */
export function createStripe(config: BillingConfig): Stripe {
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...(config.STRIPE_API_HOST && { host: config.STRIPE_API_HOST }),
    ...(config.STRIPE_API_PORT && { port: config.STRIPE_API_PORT }),
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 15_000,
  });
}

export const stripeProvider: Provider = { provide: STRIPE, inject: [SERVICE_CONFIG], useFactory: createStripe };
