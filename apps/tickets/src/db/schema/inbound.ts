/** What the inbound consumer could not store. */
import { bigint, index, integer, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy } from '@atrium/database';
import { ticketsDb, companyId } from './tickets-db.js';

/**
 * Inbound events that could not be stored after INBOUND_MAX_DELIVERIES attempts (a dead letter):
 * kept with the reason for the company's admins to see (GET /inbound-failures), and taken off the
 * stream instead of being redelivered forever. `event` is the event as it arrived (JSON text, in
 * which characters PostgreSQL refuses are escapes).
 */
export const failedInboundEvents = ticketsDb
  .table(
    'failed_inbound_events',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      whatsappId: integer('whatsapp_id').notNull(),
      eventType: varchar('event_type', { length: 20 }).notNull(),
      streamSeq: bigint('stream_seq', { mode: 'number' }).notNull(),
      attempts: integer('attempts').notNull(),
      reason: text('reason').notNull(),
      event: text('event').notNull(),
      failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('failed_inbound_events_company_idx').on(t.companyId, t.failedAt.desc()), tenantIsolationPolicy()],
  )
  .enableRLS();
