import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgSchema,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  date,
} from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';

/** Everything the billing service owns lives in this schema. */
export const billingDb = pgSchema('billing');

/** Exact decimals in reais, read and written as strings ('99.90'), never floating point. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/**
 * One invoice per company and billing period (its due date): the unique pair makes issuing
 * idempotent across replicas and reruns. `renewedAt` is set once identity renewed the license.
 */
export const invoices = billingDb
  .table(
    'invoices',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      detail: varchar('detail', { length: 100 }).notNull(),
      value: money('value').notNull(),
      dueDate: date('due_date', { mode: 'string' }).notNull(),
      /** open | paid | cancelled */
      status: varchar('status', { length: 20 }).notNull().default('open'),
      paidAt: timestamp('paid_at', { withTimezone: true }),
      paymentIntentId: varchar('payment_intent_id', { length: 100 }),
      renewedAt: timestamp('renewed_at', { withTimezone: true }),
      refundedAmount: money('refunded_amount').notNull().default('0'),
      ...timestamps(),
    },
    (t) => [
      unique('invoices_company_due_date_unique').on(t.companyId, t.dueDate),
      index('invoices_status_idx').on(t.status),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/**
 * A Pix charge: one Stripe PaymentIntent per invoice and attempt (the attempt is part of the
 * idempotency key), with its code and expiry, and, once paid, Stripe's fee and net.
 */
export const payments = billingDb
  .table(
    'payments',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      invoiceId: integer('invoice_id')
        .notNull()
        .references(() => invoices.id, { onDelete: 'cascade' }),
      attempt: integer('attempt').notNull(),
      paymentIntentId: varchar('payment_intent_id', { length: 100 }).notNull(),
      /** Centavos asked for. */
      amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
      currency: varchar('currency', { length: 3 }).notNull(),
      /** Stripe's PaymentIntent status (requires_action, succeeded, canceled, ...). */
      status: varchar('status', { length: 40 }).notNull(),
      pixCode: text('pix_code'),
      pixImageUrl: text('pix_image_url'),
      expiresAt: timestamp('expires_at', { withTimezone: true }),
      amountReceivedCents: bigint('amount_received_cents', { mode: 'number' }),
      feeCents: bigint('fee_cents', { mode: 'number' }),
      netCents: bigint('net_cents', { mode: 'number' }),
      refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
      lastError: varchar('last_error', { length: 300 }),
      succeededAt: timestamp('succeeded_at', { withTimezone: true }),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('payments_intent_unique').on(t.paymentIntentId),
      unique('payments_invoice_attempt_unique').on(t.invoiceId, t.attempt),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** Stripe events already applied, by id: a redelivery or replay finds its row and changes nothing. */
export const processedEvents = billingDb.table('processed_stripe_events', {
  eventId: varchar('event_id', { length: 100 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What billing staff must look at: a payment without invoice, an amount that does not match,
 * an invoice paid twice, a payment that succeeded in Stripe while the invoice is open here.
 * Platform-wide (a payment without invoice has no company), so no tenant policy.
 */
export const reconciliationExceptions = billingDb.table(
  'reconciliation_exceptions',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    paymentIntentId: varchar('payment_intent_id', { length: 100 }).notNull(),
    invoiceId: integer('invoice_id'),
    companyId: integer('company_id'),
    /** Centavos Stripe received, when the payment has no charge of ours to read it from. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    detail: varchar('detail', { length: 300 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('reconciliation_exceptions_intent_kind_unique').on(t.paymentIntentId, t.kind)],
);

export const billingSchema = { invoices, payments, processedEvents, reconciliationExceptions };
export type BillingSchema = typeof billingSchema;
