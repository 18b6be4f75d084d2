import { fromCents, type ReconciliationException, type ReconciliationRow } from '@atrium/contracts';
import type { InvoiceRow } from '../invoices/invoices.repository.js';
import type { ExceptionRow, PaymentRow } from '../payments/payments.repository.js';

export interface ReconciliationInput {
  payments: { payment: PaymentRow; invoice: InvoiceRow }[];
  exceptions: ExceptionRow[];
  companyNames: Map<number, string>;
  /** Payment status, or 'exception' for the rows with any exception. */
  status?: string;
}

/**
 * The reconciliation listing, a pure function of what billing recorded: one row per charge (with
 * the exceptions recorded for it, plus "succeeded in Stripe but open here" derived from the
 * states), one row per payment Stripe received without a charge of ours; rows with exceptions first.
 */
export function reconciliationRows(input: ReconciliationInput): ReconciliationRow[] {
  const byIntent = new Map<string, ReconciliationException[]>();
  for (const exception of input.exceptions) {
    byIntent.set(exception.paymentIntentId, [
      ...(byIntent.get(exception.paymentIntentId) ?? []),
      exception.kind as ReconciliationException,
    ]);
  }
  const known = new Set(input.payments.map(({ payment }) => payment.paymentIntentId));
  const rows: ReconciliationRow[] = input.payments.map(({ payment, invoice }) => {
    const exceptions = [...(byIntent.get(payment.paymentIntentId) ?? [])];
    if (payment.status === 'succeeded' && invoice.status === 'open' && !exceptions.includes('succeeded_but_open'))
      exceptions.push('succeeded_but_open');
    return {
      paymentIntentId: payment.paymentIntentId,
      invoiceId: invoice.id,
      companyId: payment.companyId,
      companyName: input.companyNames.get(payment.companyId) ?? null,
      amount: fromCents(payment.amountReceivedCents ?? payment.amountCents),
      invoiceValue: invoice.value,
      fee: payment.feeCents === null ? null : fromCents(payment.feeCents),
      net: payment.netCents === null ? null : fromCents(payment.netCents),
      refundedAmount: fromCents(payment.refundedCents),
      status: payment.status,
      date: (payment.succeededAt ?? payment.createdAt).toISOString(),
      exceptions,
    };
  });
  for (const exception of input.exceptions.filter((e) => !known.has(e.paymentIntentId) && e.kind === 'paid_without_invoice')) {
    rows.push({
      paymentIntentId: exception.paymentIntentId,
      invoiceId: null,
      companyId: null,
      companyName: null,
      amount: fromCents(exception.amountCents ?? 0),
      invoiceValue: null,
      fee: null,
      net: null,
      refundedAmount: '0.00',
      status: 'succeeded',
      date: exception.createdAt.toISOString(),
      exceptions: ['paid_without_invoice'],
    });
  }
  const wanted =
    input.status === undefined
      ? rows
      : rows.filter((row) => (input.status === 'exception' ? row.exceptions.length > 0 : row.status === input.status));
  return wanted.sort((a, b) => Number(b.exceptions.length > 0) - Number(a.exceptions.length > 0) || b.date.localeCompare(a.date));
}
