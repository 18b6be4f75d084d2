import { integer, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy } from '@atrium/database';
import { contacts } from './contacts.js';
import { ticketsDb, companyId } from './tickets-db.js';

/**
 * Meta's 24-hour customer-service window per contact and connection (issue 26): when the
 * customer last wrote on that connection, as the channel dated the message (Meta's `timestamp`),
 * never moved back by a late redelivery. On a `cloud` connection free text goes out only within
 * 24 h of it; past that only an approved template does.
 */
export const customerWindows = ticketsDb
  .table(
    'customer_windows',
    {
      companyId: companyId(),
      whatsappId: integer('whatsapp_id').notNull(),
      contactId: integer('contact_id')
        .notNull()
        .references(() => contacts.id, { onDelete: 'cascade' }),
      lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.companyId, t.whatsappId, t.contactId] }), tenantIsolationPolicy()],
  )
  .enableRLS();
