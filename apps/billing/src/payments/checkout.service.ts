import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  decimalOf,
  ErrorCode,
  fromCents,
  toCents,
  type Actor,
  type PixChargeView,
  type SubscriptionDto,
} from '@atrium/contracts';
import { LOGGER, DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Logger } from '@atrium/logging';
import Stripe from 'stripe';
import type { BillingConfig } from '../config.js';
import { InvoicesRepository, type InvoiceRow } from '../invoices/invoices.repository.js';
import type { BillingDatabase } from '../shared/billing-database.js';
import { IdentityClient } from '../shared/identity.client.js';
import { PaymentsRepository, type PaymentRow } from './payments.repository.js';
import { STRIPE } from './stripe.provider.js';

/** A Pix code this close to its expiry is not handed out again: a new one is made. */
const REUSE_MARGIN_MS = 60_000;

/**
 * POST /subscription: a Pix charge for an open invoice of the caller's company, through a Stripe
 * PaymentIntent. The amount is the invoice's (corrected to the company's current plan), never the
 * client's; an invoice with a live code gets that code back instead of a second charge.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(IdentityClient) private readonly identity: IdentityClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async checkout(actor: Actor, dto: SubscriptionDto): Promise<PixChargeView> {
    const companyId = actor.companyId;
    const invoice = await this.openInvoice(companyId, dto.invoiceId);
    const cents = toCents(invoice.value);
    const latest = await this.database.withTenant(companyId, (tx) => this.payments.latestOf(tx, invoice.id));
    if (latest && this.isLive(latest, cents)) return this.view(invoice, latest);
    if (latest && !['succeeded', 'canceled'].includes(latest.status)) await this.cancelQuietly(latest);

    const attempt = (latest?.attempt ?? 0) + 1;
    const intent = await this.createIntent(invoice, cents, attempt);
    const pix = intent.next_action?.pix_display_qr_code;
    if (!pix?.data || !pix.image_url_png) throw new AppError(ErrorCode.ERR_PAYMENT_PROVIDER);
    const payment = await this.database.withTenant(companyId, async (tx) => {
      const inserted = await this.payments.insert(tx, {
        companyId,
        invoiceId: invoice.id,
        attempt,
        paymentIntentId: intent.id,
        amountCents: intent.amount,
        currency: intent.currency,
        status: intent.status,
        pixCode: pix.data,
        pixImageUrl: pix.image_url_png,
        expiresAt: pix.expires_at ? new Date(pix.expires_at * 1000) : null,
      });
      // A concurrent request for the same attempt got the same intent (same idempotency key) and recorded it first.
      return inserted ?? (await this.payments.byAttempt(tx, invoice.id, attempt));
    });
    return this.view(invoice, payment!);
  }

  /** The caller's company's invoice, open, with the value of the company's current plan. */
  private async openInvoice(companyId: number, invoiceId: number): Promise<InvoiceRow> {
    const found = await this.database.withTenant(companyId, (tx) => this.invoices.find(tx, invoiceId, companyId));
    if (!found) throw new AppError(ErrorCode.ERR_NO_INVOICE_FOUND);
    if (found.status !== 'open') throw new AppError(ErrorCode.ERR_INVOICE_NOT_OPEN);
    const { plan } = await this.identity.planOf(companyId);
    const corrected = await this.database.withTenant(companyId, (tx) =>
      this.invoices.correct(tx, invoiceId, plan.name, decimalOf(plan.value)),
    );
    if (!corrected || corrected.status !== 'open') throw new AppError(ErrorCode.ERR_INVOICE_NOT_OPEN);
    if (toCents(corrected.value) < 50)
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'invoiceId', messages: ['the invoice has no amount to pay'] }] });
    return corrected;
  }

  private isLive(payment: PaymentRow, cents: number): boolean {
    return (
      payment.status === 'requires_action' &&
      payment.amountCents === cents &&
      payment.pixCode !== null &&
      payment.expiresAt !== null &&
      payment.expiresAt.getTime() - REUSE_MARGIN_MS > Date.now()
    );
  }

  private async createIntent(invoice: InvoiceRow, cents: number, attempt: number): Promise<Stripe.PaymentIntent> {
    try {
      return await this.stripe.paymentIntents.create(
        {
          amount: cents,
          currency: 'brl',
          allowed_payment_method_types: ['pix'],
          confirm: true,
          payment_method_data: { type: 'pix' },
          payment_method_options: { pix: { expires_after_seconds: this.config.PIX_EXPIRES_AFTER_SECONDS } },
          description: `${invoice.detail} (fatura ${invoice.id}, vencimento ${invoice.dueDate})`,
          metadata: { invoiceId: String(invoice.id), companyId: String(invoice.companyId), attempt: String(attempt) },
        },
        { idempotencyKey: `invoice-${invoice.id}-attempt-${attempt}` },
      );
    } catch (error) {
      this.logger.error({ err: error, invoiceId: invoice.id }, 'stripe refused or did not answer the PaymentIntent');
      throw new AppError(ErrorCode.ERR_PAYMENT_PROVIDER);
    }
  }

  /** A code for an old amount must not be paid any more; Stripe may already have closed it. */
  private async cancelQuietly(payment: PaymentRow): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(payment.paymentIntentId, { cancellation_reason: 'abandoned' });
    } catch (error) {
      this.logger.warn({ err: error, paymentIntentId: payment.paymentIntentId }, 'could not cancel a superseded Pix charge');
    }
  }

  private view(invoice: InvoiceRow, payment: PaymentRow): PixChargeView {
    return {
      invoiceId: invoice.id,
      valor: { original: fromCents(payment.amountCents) },
      qrcode: { qrcode: payment.pixCode ?? '', imagemQrcode: payment.pixImageUrl ?? '' },
      expiresAt: (payment.expiresAt ?? new Date()).toISOString(),
    };
  }
}
