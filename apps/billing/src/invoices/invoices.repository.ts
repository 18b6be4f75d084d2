import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@atrium/contracts';
import { likePattern, pageOffset } from '@atrium/kernel';
import { invoices } from '../db/schema.js';
import type { BillingTx } from '../shared/billing-database.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export const INVOICE_PAGE_SIZE = 20;

export interface InvoiceFilter {
  companyId?: number;
  status?: InvoiceStatus;
  dueFrom?: string;
  dueTo?: string;
  searchParam?: string;
}

/** Invoices. Callers choose the scope: the company's tenant, or system for billing staff and jobs. */
@Injectable()
export class InvoicesRepository {
  /**
   * The invoice of a company's billing period, created once: a rerun or another replica finds the
   * unique (company, due date) and only corrects an open invoice's detail and value (a plan change).
   */
  async issue(tx: BillingTx, values: { companyId: number; dueDate: string; detail: string; value: string }): Promise<void> {
    await tx
      .insert(invoices)
      .values(values)
      .onConflictDoUpdate({
        target: [invoices.companyId, invoices.dueDate],
        set: { detail: values.detail, value: values.value, updatedAt: new Date() },
        setWhere: sql`${invoices.status} = 'open' and (${invoices.value} <> ${values.value} or ${invoices.detail} <> ${values.detail})`,
      });
  }

  async find(tx: BillingTx, id: number, companyId?: number): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), companyId === undefined ? undefined : eq(invoices.companyId, companyId)));
    return row;
  }

  /** Corrects an open invoice to its plan's current detail and value; answers the invoice as it is now. */
  async correct(tx: BillingTx, id: number, detail: string, value: string): Promise<InvoiceRow | undefined> {
    await tx
      .update(invoices)
      .set({ detail, value, updatedAt: new Date() })
      .where(
        and(eq(invoices.id, id), eq(invoices.status, 'open'), or(sql`${invoices.value} <> ${value}`, sql`${invoices.detail} <> ${detail}`)),
      );
    return this.find(tx, id);
  }

  async page(tx: BillingTx, filter: InvoiceFilter, pageNumber = 1): Promise<{ rows: InvoiceRow[]; count: number }> {
    const conditions: (SQL | undefined)[] = [
      filter.companyId === undefined ? undefined : eq(invoices.companyId, filter.companyId),
      filter.status === undefined ? undefined : eq(invoices.status, filter.status),
      filter.dueFrom === undefined ? undefined : gte(invoices.dueDate, filter.dueFrom),
      filter.dueTo === undefined ? undefined : lte(invoices.dueDate, filter.dueTo),
      filter.searchParam ? ilike(invoices.detail, likePattern(filter.searchParam)) : undefined,
    ];
    const where = and(...conditions);
    const rows = await tx
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.dueDate), desc(invoices.id))
      .limit(INVOICE_PAGE_SIZE)
      .offset(pageOffset(pageNumber, INVOICE_PAGE_SIZE));
    const [total] = await tx.select({ n: count() }).from(invoices).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  /** open → paid, once: of two payments applied at the same time only one finds it open. */
  async markPaid(tx: BillingTx, id: number, paymentIntentId: string): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(), paymentIntentId, updatedAt: new Date() })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'open')))
      .returning();
    return row;
  }

  /** Records the renewal once: of two renewals of one invoice (webhook and recovery job) only one gets true. */
  async markRenewed(tx: BillingTx, id: number): Promise<boolean> {
    const claimed = await tx
      .update(invoices)
      .set({ renewedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(invoices.id, id), isNull(invoices.renewedAt)))
      .returning({ id: invoices.id });
    return claimed.length > 0;
  }

  /** Paid invoices whose license renewal has not been confirmed by identity yet (system scope). */
  paidNotRenewed(tx: BillingTx): Promise<InvoiceRow[]> {
    return tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, 'paid'), isNull(invoices.renewedAt)))
      .limit(100);
  }

  async setRefunded(tx: BillingTx, id: number, refundedAmount: string): Promise<void> {
    await tx.update(invoices).set({ refundedAmount, updatedAt: new Date() }).where(eq(invoices.id, id));
  }
}
