import type { InvoiceStatus, InvoiceView } from '@atrium/contracts';
import type { InvoiceRow } from './invoices.repository.js';

export function toInvoiceView(row: InvoiceRow, companyName: string | null = null): InvoiceView {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName,
    detail: row.detail,
    value: row.value,
    dueDate: row.dueDate,
    status: row.status as InvoiceStatus,
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAmount: row.refundedAmount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
