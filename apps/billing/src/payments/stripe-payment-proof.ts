import { fromCents } from '@atrium/contracts';
import type Stripe from 'stripe';

/** What billing charged: the payment row's invoice and company, and the invoice's value in centavos. */
export interface ChargedInvoice {
  invoiceId: number;
  companyId: number;
  expectedCents: number;
}

export type PaymentProof =
  { paid: true } | { paid: false; kind: 'amount_mismatch' | 'metadata_mismatch' | 'not_collected'; detail: string };

const CURRENCY = 'brl';

/** The charge Stripe made for the intent, when the intent was retrieved with `expand: ['latest_charge']`. */
function latestChargeOf(intent: Stripe.PaymentIntent): Stripe.Charge | undefined {
  const charge = intent.latest_charge;
  return charge && typeof charge !== 'string' ? charge : undefined;
}

/**
 * Whether a PaymentIntent as Stripe itself answers it (retrieved by id, never taken from an
 * event's body) pays the invoice billing charged with it: the intent succeeded; its metadata
 * names that invoice and company (billing wrote them when it created it); its latest charge
 * succeeded, was paid and captured for this intent; and the amount received and the currency
 * are the invoice's. A pure rule: settlement applies it to the webhook and the recovery alike.
 */
export function proofOfPayment(intent: Stripe.PaymentIntent, charged: ChargedInvoice): PaymentProof {
  if (intent.metadata['invoiceId'] !== String(charged.invoiceId) || intent.metadata['companyId'] !== String(charged.companyId)) {
    return {
      paid: false,
      kind: 'metadata_mismatch',
      detail: `intent names invoice ${intent.metadata['invoiceId'] ?? 'none'} of company ${intent.metadata['companyId'] ?? 'none'}, billing charged invoice ${charged.invoiceId} of company ${charged.companyId}`,
    };
  }
  const charge = latestChargeOf(intent);
  if (
    intent.status !== 'succeeded' ||
    !charge ||
    charge.status !== 'succeeded' ||
    !charge.paid ||
    !charge.captured ||
    charge.payment_intent !== intent.id
  ) {
    return {
      paid: false,
      kind: 'not_collected',
      detail: `intent ${intent.status}, latest charge ${charge ? `${charge.status}${charge.paid ? '' : ' unpaid'}` : 'none'}`,
    };
  }
  const amountsAgree = intent.amount_received === charged.expectedCents && charge.amount_captured === charged.expectedCents;
  if (!amountsAgree || intent.currency !== CURRENCY || charge.currency !== CURRENCY) {
    return {
      paid: false,
      kind: 'amount_mismatch',
      detail: `received ${fromCents(intent.amount_received)} ${intent.currency} (charge ${fromCents(charge.amount_captured)} ${charge.currency}), invoice is ${fromCents(charged.expectedCents)} ${CURRENCY}`,
    };
  }
  return { paid: true };
}
