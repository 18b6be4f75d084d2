import type { ReconciliationRow } from '@atrium/contracts';

const COLUMNS: [header: string, value: (row: ReconciliationRow) => string | number | null][] = [
  ['exceptions', (row) => row.exceptions.join(' ')],
  ['date', (row) => row.date],
  ['company_id', (row) => row.companyId],
  ['company', (row) => row.companyName],
  ['invoice_id', (row) => row.invoiceId],
  ['invoice_value', (row) => row.invoiceValue],
  ['amount', (row) => row.amount],
  ['fee', (row) => row.fee],
  ['net', (row) => row.net],
  ['refunded', (row) => row.refundedAmount],
  ['status', (row) => row.status],
  ['payment_intent', (row) => row.paymentIntentId],
];

/**
 * One CSV cell (RFC 4180 quoting). Text a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) is prefixed with a quote: company names are typed by customers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The reconciliation listing as CSV, a header line then one line per row (CRLF, as RFC 4180). */
export function reconciliationCsv(rows: ReconciliationRow[]): string {
  const lines = [COLUMNS.map(([header]) => header).join(',')];
  for (const row of rows) lines.push(COLUMNS.map(([, value]) => csvCell(value(row))).join(','));
  return lines.join('\r\n') + '\r\n';
}
