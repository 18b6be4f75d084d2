import type Stripe from 'stripe';
import { proofOfPayment, type ChargedInvoice } from './stripe-payment-proof.js';

const CHARGED: ChargedInvoice = { invoiceId: 42, companyId: 7, expectedCents: 14990 };

function aCharge(overrides: Partial<Stripe.Charge> = {}): Stripe.Charge {
  return {
    id: 'ch_1',
    object: 'charge',
    status: 'succeeded',
    paid: true,
    captured: true,
    amount: 14990,
    amount_captured: 14990,
    currency: 'brl',
    payment_intent: 'pi_1',
    ...overrides,
  } as Stripe.Charge;
}

function anIntent(overrides: Partial<Stripe.PaymentIntent> = {}, charge: Stripe.Charge | string | null = aCharge()): Stripe.PaymentIntent {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    status: 'succeeded',
    amount: 14990,
    amount_received: 14990,
    currency: 'brl',
    metadata: { invoiceId: '42', companyId: '7', attempt: '1' },
    latest_charge: charge,
    ...overrides,
  } as Stripe.PaymentIntent;
}

describe('proofOfPayment', () => {
  it('accepts a succeeded intent whose captured charge received the invoice amount in brl, for this invoice and company', () => {
    expect(proofOfPayment(anIntent(), CHARGED)).toEqual({ paid: true });
  });

  it("refuses an intent that has not succeeded, or whose latest charge is missing, unexpanded, failed, unpaid, uncaptured or another intent's", () => {
    const refusals = [
      anIntent({ status: 'requires_action', amount_received: 0 }, null),
      anIntent({}, null),
      anIntent({}, 'ch_1'),
      anIntent({}, aCharge({ status: 'failed' })),
      anIntent({}, aCharge({ paid: false })),
      anIntent({}, aCharge({ captured: false })),
      anIntent({}, aCharge({ payment_intent: 'pi_other' })),
    ];
    for (const intent of refusals) expect(proofOfPayment(intent, CHARGED)).toMatchObject({ paid: false, kind: 'not_collected' });
  });

  it("refuses an amount or a currency that is not the invoice's", () => {
    expect(proofOfPayment(anIntent({ amount_received: 1000 }), CHARGED)).toMatchObject({ paid: false, kind: 'amount_mismatch' });
    expect(proofOfPayment(anIntent({}, aCharge({ amount_captured: 1000 })), CHARGED)).toMatchObject({
      paid: false,
      kind: 'amount_mismatch',
    });
    expect(proofOfPayment(anIntent({ amount_received: 20000 }), CHARGED)).toMatchObject({ paid: false, kind: 'amount_mismatch' });
    expect(proofOfPayment(anIntent({ currency: 'usd' }), CHARGED)).toMatchObject({
      paid: false,
      kind: 'amount_mismatch',
      detail: expect.stringContaining('usd'),
    });
    expect(proofOfPayment(anIntent({}, aCharge({ currency: 'usd' })), CHARGED)).toMatchObject({ paid: false, kind: 'amount_mismatch' });
  });

  it('refuses an intent whose metadata names another invoice or company, or none', () => {
    const wrong: Stripe.Metadata[] = [{ invoiceId: '43', companyId: '7' }, { invoiceId: '42', companyId: '8' }, {}];
    for (const metadata of wrong) {
      expect(proofOfPayment(anIntent({ metadata }), CHARGED)).toMatchObject({ paid: false, kind: 'metadata_mismatch' });
    }
  });
});
