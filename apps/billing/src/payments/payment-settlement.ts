import { Inject, Injectable } from '@nestjs/common';
import { fromCents, toCents } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type Stripe from 'stripe';
import { InvoicesRepository, type InvoiceRow } from '../invoices/invoices.repository.js';
import type { BillingDatabase, BillingTx } from '../shared/billing-database.js';
import { IdentityClient } from '../shared/identity.client.js';
import { PaymentsRepository, type PaymentRow } from './payments.repository.js';
import { STRIPE } from './stripe.provider.js';

/**
 * Applies what Stripe says about a PaymentIntent, from a webhook or from the missed-webhook
 * recovery, through one idempotent path: the payment's status is recorded; a success whose
 * amount and currency match the open invoice pays it (open → paid happens once, however many
 * events arrive at once), then identity renews the license and the company's sockets hear
 * CONCLUIDA. Anything that does not fit is recorded for reconciliation and renews nothing.
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
   * `event` (id and type) makes the application idempotent by event id: a second delivery of the
   * same event finds it processed and changes nothing. Answers false for such a duplicate.
   */
  async apply(intent: Stripe.PaymentIntent, event?: { id: string; type: string }): Promise<boolean> {
    const fees = intent.status === 'succeeded' ? await this.feesOf(intent.id) : undefined;
    const outcome = await this.database.asSystem(async (tx) => {
      if (event && !(await this.payments.markProcessed(tx, event.id, event.type))) return { duplicate: true as const };
      return { duplicate: false as const, paid: await this.record(tx, intent, fees) };
    });
    if (outcome.duplicate) return false;
    if (outcome.paid) await this.renew(outcome.paid);
    return true;
  }

  /** A refund issued in Stripe shows on its payment and invoice. */
  async applyRefund(charge: Stripe.Charge, event: { id: string; type: string }): Promise<void> {
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intentId) return;
    await this.database.asSystem(async (tx) => {
      if (!(await this.payments.markProcessed(tx, event.id, event.type))) return;
      const payment = await this.payments.byIntent(tx, intentId);
      if (!payment) return;
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

  private async record(tx: BillingTx, intent: Stripe.PaymentIntent, fees: { fee: number; net: number } | undefined): Promise<InvoiceRow | undefined> {
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
      return undefined;
    }
    // A late event (requires_action after succeeded) must not undo what already happened.
    if (payment.status === 'succeeded' && intent.status !== 'succeeded') return undefined;
    await this.payments.update(tx, payment.id, {
      status: intent.status,
      lastError: intent.last_payment_error?.message?.slice(0, 300) ?? (intent.cancellation_reason ? `canceled: ${intent.cancellation_reason}` : null),
      ...(intent.status === 'succeeded' && {
        amountReceivedCents: intent.amount_received,
        succeededAt: new Date(),
        feeCents: fees?.fee ?? null,
        netCents: fees?.net ?? null,
      }),
    });
    if (intent.status !== 'succeeded') return undefined;
    return this.payInvoice(tx, payment, intent);
  }

  private async payInvoice(tx: BillingTx, payment: PaymentRow, intent: Stripe.PaymentIntent): Promise<InvoiceRow | undefined> {
    const invoice = await this.invoices.find(tx, payment.invoiceId);
    const base = { paymentIntentId: intent.id, invoiceId: payment.invoiceId, companyId: payment.companyId };
    if (!invoice) return undefined;
    const expected = toCents(invoice.value);
    if (intent.amount_received !== expected || intent.currency !== 'brl') {
      await this.payments.recordException(tx, {
        ...base,
        kind: 'amount_mismatch',
        amountCents: intent.amount_received,
        detail: `received ${fromCents(intent.amount_received)} ${intent.currency}, invoice is ${invoice.value} brl`,
      });
      this.logger.warn({ paymentIntentId: intent.id, invoiceId: invoice.id }, 'payment amount does not match its invoice: not renewed');
      return undefined;
    }
    if (invoice.status !== 'open') {
      if (invoice.paymentIntentId !== intent.id) {
        await this.payments.recordException(tx, { ...base, kind: 'paid_twice', amountCents: intent.amount_received, detail: `invoice already ${invoice.status} (by ${invoice.paymentIntentId ?? 'nothing'})` });
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

  /** Stripe's fee and the net credited, from the charge's balance transaction. */
  private async feesOf(intentId: string): Promise<{ fee: number; net: number } | undefined> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.balance_transaction'] });
      const charge = intent.latest_charge;
      const balance = charge && typeof charge !== 'string' ? charge.balance_transaction : null;
      return balance && typeof balance !== 'string' ? { fee: balance.fee, net: balance.net } : undefined;
    } catch (error) {
      this.logger.warn({ err: error, paymentIntentId: intentId }, 'could not read the balance transaction');
      return undefined;
    }
  }
}
