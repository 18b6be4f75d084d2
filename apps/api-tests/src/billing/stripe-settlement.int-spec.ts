import { nextDueDate, type PaymentEventPayload, type ReconciliationRow } from '@atrium/contracts';
import { PaymentRecovery } from '@atrium/app-billing';
import { eventually } from '../nats-fixtures.js';
import {
  billingSuite,
  checkout,
  intentOf,
  invoicesOf,
  postWebhook,
  restartBilling,
  sandboxCall,
  stopBilling,
  WEBHOOK_SECRET,
  type BillingStack,
} from './billing-fixture.js';

/**
 * Settlement believes Stripe, not the event: a webhook signed with the right secret (leaked, or a
 * development default left in place) that claims a payment Stripe does not show pays nothing,
 * and the recovery job applies the same rule.
 */
describe('billing: a payment is settled from what Stripe says, never from what an event claims', () => {
  const suite = billingSuite();
  const { aCompany, openInvoiceOf, dueDateOf, exceptionsOf } = suite;
  let billing: BillingStack;
  beforeAll(() => {
    billing = suite.billing;
  });

  /** An event body as an attacker holding the webhook secret would write it, signed with that secret. */
  function signedEvent(type: string, object: object, timestamp?: number): { payload: string; signature: string } {
    const payload = JSON.stringify({
      id: `evt_claim_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { payload, signature: billing.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }) };
  }

  it('a correctly signed "succeeded" event for an intent Stripe still has in requires_action pays nothing, nor does the recovery job', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    await checkout(company.admin, invoice.id);
    const intent = await intentOf(billing, invoice.id);
    expect(intent).toMatchObject({ status: 'requires_action', amount_received: 0 });

    const claim = signedEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: null,
    });
    expect(await postWebhook(billing, claim.payload, claim.signature)).toBe(200);
    await billing.stack.apps.billing!.get(PaymentRecovery).recover();

    expect(await billing.stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_action', amount_received: 0 });
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ id: invoice.id, status: 'open' });
    expect(await dueDateOf(company)).toBe(company.dueDate);
    await new Promise((resolve) => setTimeout(resolve, 500)); // an absence cannot be awaited: a CONCLUIDA would be here by now
    expect(company.socket.events().filter((name) => name === `company-${company.id}-payment`)).toEqual([]);
    expect(await exceptionsOf(intent.id)).toEqual([]);
  });

  it('a signed event naming an intent Stripe does not have records nothing', async () => {
    const claim = signedEvent('payment_intent.succeeded', {
      id: 'pi_claimed_nowhere',
      object: 'payment_intent',
      status: 'succeeded',
      amount: 14990,
      amount_received: 14990,
      currency: 'brl',
      metadata: {},
    });
    expect(await postWebhook(billing, claim.payload, claim.signature)).toBe(200);
    expect(await exceptionsOf('pi_claimed_nowhere')).toEqual([]);
  });

  it('a real Pix payment still settles: invoice paid, license one period further, CONCLUIDA, fee from the charge', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    const pix = await checkout(company.admin, invoice.id);
    expect((await sandboxCall(billing, '/_sandbox/pix/pay', { code: pix.qrcode.qrcode })).status).toBe(200);
    const event = await company.socket.next<PaymentEventPayload>(`company-${company.id}-payment`, 15_000);
    expect(event.company.dueDate).toBe(nextDueDate(invoice.dueDate, 'MENSAL'));
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ id: invoice.id, status: 'paid' });
    expect(await dueDateOf(company)).toBe(nextDueDate(invoice.dueDate, 'MENSAL'));
    const rows = await suite.operator.get<ReconciliationRow[]>(`/invoices/reconciliation?companyId=${company.id}`);
    expect(rows.body.find((row) => row.invoiceId === invoice.id && row.status === 'succeeded')).toMatchObject({
      amount: '149.90',
      fee: '1.78',
      net: '148.12',
      exceptions: [],
    });

    // A signed "refunded" claim for that charge, which Stripe never refunded, shows no refund.
    const intent = await billing.stripe.paymentIntents.retrieve((await intentOf(billing, invoice.id)).id);
    const charge = await billing.stripe.charges.retrieve(String(intent.latest_charge));
    const claim = signedEvent('charge.refunded', { ...charge, refunded: true, amount_refunded: charge.amount });
    expect(await postWebhook(billing, claim.payload, claim.signature)).toBe(200);
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ id: invoice.id, status: 'paid', refundedAmount: '0.00' });
  });

  it('the recovery job does not pay an invoice with an intent whose metadata names another invoice', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    const pix = await checkout(company.admin, invoice.id);
    const intent = await intentOf(billing, invoice.id);
    await billing.stripe.paymentIntents.update(intent.id, { metadata: { invoiceId: String(invoice.id + 100_000) } });
    await stopBilling(billing);
    try {
      // The deliveries while billing is down are lost: only the recovery job will see the payment.
      await sandboxCall(billing, '/_sandbox/webhooks/drop', { count: 2 });
      expect((await sandboxCall(billing, '/_sandbox/pix/pay', { code: pix.qrcode.qrcode })).status).toBe(200);
    } finally {
      await restartBilling(billing);
    }
    await eventually(async () => (await exceptionsOf(intent.id)).includes('metadata_mismatch'), 20_000);
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ id: invoice.id, status: 'open' });
    expect(await dueDateOf(company)).toBe(company.dueDate);
  });

  it('refuses a signature dated in the future beyond the tolerance (300 s), as it refuses one too old', async () => {
    const now = Math.floor(Date.now() / 1000);
    const object = { id: 'cus_unrelated', object: 'customer' };
    const soon = signedEvent('customer.created', object, now + 60);
    expect(await postWebhook(billing, soon.payload, soon.signature)).toBe(200);
    const future = signedEvent('customer.created', object, now + 3600);
    expect(await postWebhook(billing, future.payload, future.signature)).toBe(400);
    const farFuture = signedEvent('customer.created', object, now + 10 * 365 * 86_400);
    expect(await postWebhook(billing, farFuture.payload, farFuture.signature)).toBe(400);
    const stale = signedEvent('customer.created', object, now - 3600);
    expect(await postWebhook(billing, stale.payload, stale.signature)).toBe(400);
  });
});
