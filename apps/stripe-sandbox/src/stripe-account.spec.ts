import { StripeAccount, type SandboxEvent } from './stripe-account.js';
import { StripeError } from './stripe-error.js';

const origin = { requestId: 'req_test', idempotencyKey: null };

function anAccount(pixFeeBps = 119) {
  const account = new StripeAccount({
    pixFeeBps,
    publicUrl: 'http://sandbox.test',
    merchantName: 'Atrium',
    merchantCity: 'Sao Paulo',
    apiVersion: '2026-10-28.endive',
    objectLimit: 100,
  });
  const events: SandboxEvent[] = [];
  account.onEvent = (event) => events.push(event);
  const pix = (amount: number, expiresAfterSeconds = 3600) =>
    account.createPaymentIntent(
      { amount, currency: 'brl', allowedTypesGiven: true, confirm: true, paymentMethodData: {}, pix: { expiresAfterSeconds } },
      origin,
    );
  return { account, events, pix };
}

describe('StripeAccount', () => {
  it('expires a Pix code once its time is up, on the sandbox clock', () => {
    const { account, events, pix } = anAccount();
    const intent = pix(1000, 60);
    const expiresAt = intent.next_action!.pix_display_qr_code!.expires_at!;
    expect(account.expireDue(expiresAt - 1)).toEqual([]);
    expect(account.expireDue(expiresAt)).toEqual([intent.id]);
    expect(account.intent(intent.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'expired' });
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.canceled',
    ]);
  });

  it('charges Stripe’s fee rounded to the centavo (half up), net = amount - fee', () => {
    const { account, pix } = anAccount(119);
    for (const [amount, fee] of [
      [4990, 59], // 59.381
      [10000, 119],
      [50, 1], // 0.595
      [84, 1], // 0.9996
      [42_01, 50], // 49.9919
    ] as const) {
      const paid = account.pay(pix(amount).id);
      const transaction = account.balanceTransactions.get(String(account.charge(String(paid.latest_charge)).balance_transaction))!;
      expect({ amount, fee: transaction.fee, net: transaction.net }).toEqual({ amount, fee, net: amount - fee });
    }
  });

  it('asks for a new confirmation when the amount changes under a shown Pix code', () => {
    const { account, pix } = anAccount();
    const intent = pix(1000);
    const updated = account.updatePaymentIntent(intent.id, { amount: 2000 });
    expect(updated).toMatchObject({ status: 'requires_confirmation', next_action: null, amount: 2000 });
    expect(() => account.pay(intent.id)).toThrow(StripeError);
    const confirmed = account.confirm(intent.id, {}, origin);
    expect(confirmed.status).toBe('requires_action');
    expect(account.pay(intent.id).amount_received).toBe(2000);
  });
});
