import { Injectable } from '@nestjs/common';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { invoices, payments, processedEvents, reconciliationExceptions } from '../db/schema.js';
import type { InvoiceRow } from '../invoices/invoices.repository.js';
import type { BillingTx } from '../shared/billing-database.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type ExceptionRow = typeof reconciliationExceptions.$inferSelect;

/** Stripe statuses after which a PaymentIntent changes no more. */
export const FINAL_INTENT_STATUSES = ['succeeded', 'canceled'];
/** Most rows one reconciliation listing reads (an export of a period stays well under it). */
export const RECONCILIATION_LIMIT = 5000;

/** Pix charges, processed Stripe events and reconciliation exceptions. */
@Injectable()
export class PaymentsRepository {
  async latestOf(tx: BillingTx, invoiceId: number): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(desc(payments.attempt)).limit(1);
    return row;
  }

  /** Inserts the charge of an attempt; answers undefined when that attempt was recorded meanwhile. */
  async insert(tx: BillingTx, values: NewPayment): Promise<PaymentRow | undefined> {
    const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
    return row;
  }

  async byAttempt(tx: BillingTx, invoiceId: number, attempt: number): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), eq(payments.attempt, attempt)));
    return row;
  }

  async byIntent(tx: BillingTx, paymentIntentId: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId));
    return row;
  }

  async update(tx: BillingTx, id: number, values: Partial<NewPayment>): Promise<void> {
    await tx
      .update(payments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(payments.id, id));
  }

  /** Charges still in play (not succeeded nor canceled) of open invoices: the missed-webhook recovery asks Stripe about these. */
  inPlayForOpenInvoices(tx: BillingTx): Promise<PaymentRow[]> {
    return tx
      .select({ payment: payments })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(invoices.status, 'open'), notInArray(payments.status, FINAL_INTENT_STATUSES)))
      .limit(200)
      .then((rows) => rows.map((row) => row.payment));
  }

  /** Succeeded charges whose fee and net could not be read yet (Stripe did not answer then). */
  succeededWithoutFees(tx: BillingTx): Promise<PaymentRow[]> {
    return tx
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'succeeded'), sql`${payments.feeCents} is null`))
      .limit(100);
  }

  /** Records a Stripe event as processed; false when it already was (a redelivery, replay or race). */
  async markProcessed(tx: BillingTx, eventId: string, type: string): Promise<boolean> {
    const inserted = await tx
      .insert(processedEvents)
      .values({ eventId, type })
      .onConflictDoNothing()
      .returning({ id: processedEvents.eventId });
    return inserted.length > 0;
  }

  async recordException(
    tx: BillingTx,
    exception: {
      kind: string;
      paymentIntentId: string;
      invoiceId: number | null;
      companyId: number | null;
      amountCents: number;
      detail: string;
    },
  ): Promise<void> {
    await tx.insert(reconciliationExceptions).values(exception).onConflictDoNothing();
  }

  /** Every recorded exception (system scope), newest first. */
  exceptions(tx: BillingTx): Promise<ExceptionRow[]> {
    return tx.select().from(reconciliationExceptions).orderBy(desc(reconciliationExceptions.createdAt)).limit(RECONCILIATION_LIMIT);
  }

  /** Payments with their invoices (system scope), newest first, filtered by creation day and company. */
  withInvoices(
    tx: BillingTx,
    filter: { from?: string; to?: string; companyId?: number },
  ): Promise<{ payment: PaymentRow; invoice: InvoiceRow }[]> {
    return tx
      .select({ payment: payments, invoice: invoices })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(
        and(
          filter.companyId === undefined ? undefined : eq(payments.companyId, filter.companyId),
          filter.from === undefined ? undefined : sql`${payments.createdAt} >= ${filter.from}::date`,
          filter.to === undefined ? undefined : sql`${payments.createdAt} < ${filter.to}::date + 1`,
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(RECONCILIATION_LIMIT);
  }

  /** Adds to what was refunded of a charge (Stripe's charge.amount_refunded is the running total). */
  async setRefunded(tx: BillingTx, id: number, refundedCents: number): Promise<void> {
    await tx
      .update(payments)
      .set({ refundedCents: sql`greatest(${payments.refundedCents}, ${refundedCents})`, updatedAt: new Date() })
      .where(eq(payments.id, id));
  }
}
