import { bigserial, integer, jsonb, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy } from './tenant-policy.js';

/**
 * A service's transactional outbox (docs/adr/006): the integration events a transaction states
 * are rows of this table, written in that transaction, so the change and its event commit
 * together; a relay (libs/messaging IntegrationOutbox) publishes them to JetStream and deletes
 * them. Declare it in the service's drizzle schema: `export const outbox = outboxTable(mySchema);`.
 */
export function outboxTable(schema: PgSchema) {
  return schema
    .table(
      'outbox',
      {
        /** Publication order. */
        seq: bigserial('seq', { mode: 'number' }).primaryKey(),
        /** The event's id (its JetStream de-duplication id). */
        eventId: text('event_id').notNull(),
        name: text('name').notNull(),
        companyId: integer('company_id').notNull(),
        payload: jsonb('payload').notNull(),
        occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
      },
      () => [tenantIsolationPolicy()],
    )
    .enableRLS();
}

export type OutboxTable = ReturnType<typeof outboxTable>;
