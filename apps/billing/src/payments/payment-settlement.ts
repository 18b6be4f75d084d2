import { Inject, Injectable } from '@nestjs/common';
import { fromCents, toCents } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import Stripe from 'stripe';
import { InvoicesRepository, type InvoiceRow } from '../invoices/invoices.repository.js';
import type { BillingDatabase, BillingTx } from '../shared/billing-database.js';
import { IdentityClient } from '../shared/identity.client.js';
import { PaymentsRepository, type PaymentRow } from './payments.repository.js';
import { STRIPE } from './stripe.provider.js';
import { proofOfPayment } from './stripe-payment-proof.js';

/** A webhook event being applied: its id makes the application idempotent. */
export interface StripeEventRef {
  id: string;
  type: string;
}

/** What one settlement did: nothing for an event already applied (`duplicate`), or whether the payment's status changed. */
export interface SettlementOutcome {
  duplicate: boolean;
  changed: boolean;
}

const INTENT_ID = /^pi_\w+$/;
const CHARGE_ID = /^ch_\w+$/;

/**
 * Applies what Stripe says about a PaymentIntent, for a webhook or for the missed-webhook
 * recovery, through one idempotent path. It never trusts what an event's body claims (a body
 * signed with a leaked or default webhook secret could claim anything): it retrieves the intent
 * and its latest charge from Stripe by id and applies only that. The payment's status is
 * recorded; a success that `proofOfPayment` accepts (metadata naming this invoice and company,
 * charge succeeded and captured, amount received and currency the invoice's) pays the open
 * invoice (open → paid happens once, however many events arrive at once), then identity renews
 * the license and the company's sockets hear CONCLUIDA. Anything that does not fit is recorded
 * for reconciliation and renews nothing.
 */
@Injectable()
export class PaymentSettlement {
  constructor(
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(IdentityClient) private readonly identity: IdentityClient,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Settles the PaymentIntent `intentId` as Stripe has it now. `event` makes the application
   * idempotent by event id: a second delivery of the same event finds it processed and changes
   * nothing. An id Stripe does not know (a forged event) changes nothing; Stripe unreachable
   * throws, so the webhook answers an error and Stripe delivers again.
   */
  async settle(intentId: string, event?: StripeEventRef): Promise<SettlementOutcome> {
    const intent = INTENT_ID.test(intentId) ? await this.retrieve(intentId) : undefined;
    if (!intent)
      this.logger.warn({ paymentIntentId: intentId.slice(0, 100), eventId: event?.id }, 'no such PaymentIntent in Stripe: nothing settled');
    const outcome = await this.database.asSystem(async (tx) => {
      if (event && !(await this.payments.markProcessed(tx, event.id, event.type))) return { duplicate: true, changed: false };
      return intent ? { duplicate: false, ...(await this.record(tx, intent)) } : { duplicate: false, changed: false };
    });
    if (outcome.paid) await this.renew(outcome.paid);
    return { duplicate: outcome.duplicate, changed: outcome.changed };
  }

  /** A refund issued in Stripe shows on its payment and invoice: the charge as Stripe has it, retrieved by id. */
  async settleRefund(chargeId: string, event: StripeEventRef): Promise<void> {
    const charge = CHARGE_ID.test(chargeId) ? await this.retrieveCharge(chargeId) : undefined;
    const intentId = typeof charge?.payment_intent === 'string' ? charge.payment_intent : charge?.payment_intent?.id;
    await this.database.asSystem(async (tx) => {
      if (!(await this.payments.markProcessed(tx, event.id, event.type))) return;
      const payment = intentId ? await this.payments.byIntent(tx, intentId) : undefined;
      if (!charge || !payment) return;
      await this.payments.setRefunded(tx, payment.id, charge.amount_refunded);
      await this.invoices.setRefunded(tx, payment.invoiceId, fromCents(charge.amount_refunded));
    });
  }

  /** Fee and net of succeeded charges that lack them (the balance transaction could not be read when they were applied). */
  async completeFees(): Promise<void> {
    const missing = await this.database.asSystem((tx) => this.payments.succeededWithoutFees(tx));
    for (const payment of missing) {
      const fees = await this.feesOf(payment.paymentIntentId);
      if (fees) await this.database.asSystem((tx) => this.payments.update(tx, payment.id, { feeCents: fees.fee, netCents: fees.net }));
    }
  }

  /** Invoices paid whose renewal did not reach identity (it was down): renewed now, idempotently. */
  async renewPending(): Promise<void> {
    const pending = await this.database.asSystem((tx) => this.invoices.paidNotRenewed(tx));
    for (const invoice of pending) await this.renew(invoice);
  }

  /** The intent with its latest charge and that charge's balance transaction; undefined when Stripe has no such intent. */
  private async retrieve(intentId: string): Promise<Stripe.PaymentIntent | undefined> {
    try {
      return await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.balance_transaction'] });
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private async retrieveCharge(chargeId: string): Promise<Stripe.Charge | undefined> {
    try {
      return await this.stripe.charges.retrieve(chargeId);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private async record(tx: BillingTx, intent: Stripe.PaymentIntent): Promise<{ changed: boolean; paid?: InvoiceRow }> {
    const payment = await this.payments.byIntent(tx, intent.id);
    if (!payment) {
      if (intent.status === 'succeeded') {
        await this.payments.recordException(tx, {
          kind: 'paid_without_invoice',
          paymentIntentId: intent.id,
          invoiceId: null,
          companyId: null,
          amountCents: intent.amount_received,
          detail: `Stripe received ${fromCents(intent.amount_received)} ${intent.currency} for a charge billing did not make`,
        });
      }
      return { changed: false };
    }
    // What Stripe says now never undoes a success already applied.
    if (payment.status === 'succeeded' && intent.status !== 'succeeded') return { changed: false };
    const changed = payment.status !== intent.status;
    const fees = feesOf(intent);
    await this.payments.update(tx, payment.id, {
      status: intent.status,
      lastError:
        intent.last_payment_error?.message?.slice(0, 300) ??
        (intent.cancellation_reason ? `canceled: ${intent.cancellation_reason}` : null),
      ...(intent.status === 'succeeded' && {
        amountReceivedCents: intent.amount_received,
        succeededAt: payment.succeededAt ?? new Date(),
        feeCents: fees?.fee ?? null,
        netCents: fees?.net ?? null,
      }),
    });
    if (intent.status !== 'succeeded') return { changed };
    return { changed, paid: await this.payInvoice(tx, payment, intent) };
  }

  private async payInvoice(tx: BillingTx, payment: PaymentRow, intent: Stripe.PaymentIntent): Promise<InvoiceRow | undefined> {
    const invoice = await this.invoices.find(tx, payment.invoiceId);
    const base = { paymentIntentId: intent.id, invoiceId: payment.invoiceId, companyId: payment.companyId };
    if (!invoice) return undefined;
    const proof = proofOfPayment(intent, {
      invoiceId: payment.invoiceId,
      companyId: payment.companyId,
      expectedCents: toCents(invoice.value),
    });
    if (!proof.paid) {
      await this.payments.recordException(tx, { ...base, kind: proof.kind, amountCents: intent.amount_received, detail: proof.detail });
      this.logger.warn(
        { paymentIntentId: intent.id, invoiceId: invoice.id, kind: proof.kind },
        'Stripe does not show this payment paying its invoice: not renewed',
      );
      return undefined;
    }
    if (invoice.status !== 'open') {
      if (invoice.paymentIntentId !== intent.id) {
        await this.payments.recordException(tx, {
          ...base,
          kind: 'paid_twice',
          amountCents: intent.amount_received,
          detail: `invoice already ${invoice.status} (by ${invoice.paymentIntentId ?? 'nothing'})`,
        });
      }
      return undefined;
    }
    return this.invoices.markPaid(tx, invoice.id, intent.id);
  }

  /** Identity renews the license (idempotent on its side); then the company's sockets hear CONCLUIDA. */
  private async renew(invoice: InvoiceRow): Promise<void> {
    try {
      const { company } = await this.identity.renew(invoice.companyId, invoice.dueDate);
      // Identity's renewal is idempotent; the announcement is made by whoever records it first.
      if (!(await this.database.asSystem((tx) => this.invoices.markRenewed(tx, invoice.id)))) return;
      this.bus.publish({ kind: 'payment', companyId: invoice.companyId, payload: { action: 'CONCLUIDA', company } });
    } catch (error) {
      // The invoice stays paid and not renewed: the recovery job asks identity again.
      this.logger.error({ err: error, invoiceId: invoice.id }, 'license renewal failed; retried by the recovery job');
    }
  }

  /** Stripe's fee and the net credited, read again for a charge whose balance transaction was missing. */
  private async feesOf(intentId: string): Promise<{ fee: number; net: number } | undefined> {
    try {
      return feesOf(await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.balance_transaction'] }));
    } catch (error) {
      this.logger.warn({ err: error, paymentIntentId: intentId }, 'could not read the balance transaction');
      return undefined;
    }
  }
}

/** Stripe answers 404 `resource_missing` for an id it does not have. */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

/** Fee and net from an intent retrieved with `expand: ['latest_charge.balance_transaction']`. */
function feesOf(intent: Stripe.PaymentIntent): { fee: number; net: number } | undefined {
  const charge = intent.latest_charge;
  const balance = charge && typeof charge !== 'string' ? charge.balance_transaction : null;
  return balance && typeof balance !== 'string' ? { fee: balance.fee, net: balance.net } : undefined;
}
