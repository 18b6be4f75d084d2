import type { CompanyView } from '../identity/views.js';

export const INVOICE_STATUSES = ['open', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The spec's Invoice (id, detail, value, dueDate, status), with what billing staff also need. */
export interface InvoiceView {
  id: number;
  companyId: number;
  /** The company's name, for super users' lists. */
  companyName: string | null;
  detail: string;
  /** Exact decimal in reais ('99.90'). */
  value: string;
  /** YYYY-MM-DD */
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  /** Reais refunded in Stripe ('0.00' when none). */
  refundedAmount: string;
  createdAt: string;
  updatedAt: string;
}

export interface InvoicePage {
  invoices: InvoiceView[];
  count: number;
  hasMore: boolean;
}

/** POST /subscription's answer: the Pix code to pay, as the spec's checkout reads it. */
export interface PixChargeView {
  invoiceId: number;
  /** Reais charged, from the invoice ('99.90'). */
  valor: { original: string };
  /** `qrcode`: the Pix copy-and-paste code (BR Code); `imagemQrcode`: the URL of its QR image. */
  qrcode: { qrcode: string; imagemQrcode: string };
  /** ISO instant after which the code no longer pays. */
  expiresAt: string;
}

/** Payload of `company-{id}-payment`: the license was renewed. */
export interface PaymentEventPayload {
  action: 'CONCLUIDA';
  company: CompanyView;
}

/**
 * `metadata_mismatch`: Stripe's intent names another invoice or company than the charge billing
 * made with it; `not_collected`: the intent says succeeded but its latest charge does not show
 * the money collected. Neither pays the invoice.
 */
export const RECONCILIATION_EXCEPTIONS = [
  'paid_without_invoice',
  'amount_mismatch',
  'paid_twice',
  'succeeded_but_open',
  'metadata_mismatch',
  'not_collected',
] as const;
export type ReconciliationException = (typeof RECONCILIATION_EXCEPTIONS)[number];

/** One payment as billing staff reconcile it. */
export interface ReconciliationRow {
  paymentIntentId: string;
  invoiceId: number | null;
  companyId: number | null;
  companyName: string | null;
  /** Reais received (or asked for, while unpaid). */
  amount: string;
  invoiceValue: string | null;
  /** Stripe's fee and the net credited, from the balance transaction (null until paid). */
  fee: string | null;
  net: string | null;
  refundedAmount: string;
  status: string;
  date: string;
  exceptions: ReconciliationException[];
}
