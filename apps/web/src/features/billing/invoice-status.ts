import type { InvoiceView } from '@atrium/contracts';
import dayjs from 'dayjs';
import { daysUntil } from '../../shared/dates/dates';

export type InvoiceState = 'paid' | 'overdue' | 'open' | 'cancelled';

/**
 * The status the Financeiro table shows (spec 001 section 4): paid gives 'Pago'; a due date before
 * today and not paid gives 'Vencido' (the row shaded); otherwise 'Em Aberto'. A cancelled invoice
 * (billing's third status, not in the spec's screen) shows as such and cannot be paid.
 */
export function invoiceState(invoice: Pick<InvoiceView, 'status' | 'dueDate'>, today: dayjs.Dayjs = dayjs()): InvoiceState {
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'cancelled') return 'cancelled';
  const days = daysUntil(invoice.dueDate, today);
  return days !== null && days < 0 ? 'overdue' : 'open';
}

/** Only non-paid (and not cancelled) invoices offer pay. */
export function canPay(state: InvoiceState): boolean {
  return state === 'open' || state === 'overdue';
}

/** A decimal string from the API ('99.90') as a number for display only (amounts are decided on the server). */
export function moneyValue(decimal: string | null | undefined): number {
  return decimal ? Number(decimal) : 0;
}
