/** Read models of other services' records (libs/contracts read-models.ts). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy } from '@atrium/database';
import type { ConnectionAutomation, WhatsappProvider } from '@atrium/contracts';
import { ticketsDb, companyId } from './tickets-db.js';

/**
 * Read model of identity's users (names for tickets, notes and greetings), fed by its `user.saved`
 * integration events and reconciled on start (libs/contracts read-models.ts); a deleted user's
 * name stays, for the history of the tickets they handled. `updated_at` is when this copy was last
 * written (a reconciliation leaves newer writes alone).
 */
export const userRefs = ticketsDb
  .table(
    'user_refs',
    {
      id: integer('id').primaryKey(),
      companyId: companyId(),
      name: varchar('name', { length: 50 }).notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('user_refs_company_idx').on(t.companyId), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * Read model of the sessions service's connections (name, status, default flag, queues), fed by
 * its `whatsapp` and `whatsappSession` events and reconciled on start (libs/contracts
 * read-models.ts); `updated_at` is when this copy was last written (a reconciliation leaves newer
 * writes alone).
 */
export const whatsappRefs = ticketsDb
  .table(
    'whatsapp_refs',
    {
      id: integer('id').primaryKey(),
      companyId: companyId(),
      name: varchar('name', { length: 50 }).notNull(),
      status: varchar('status', { length: 20 }).notNull().default('DISCONNECTED'),
      isDefault: boolean('is_default').notNull().default(false),
      /** Its channel: on `cloud` (Meta's Cloud API) free text is refused outside the customer-service window. */
      provider: varchar('provider', { length: 20 }).$type<WhatsappProvider>().notNull().default('beta'),
      queueIds: jsonb('queue_ids')
        .$type<number[]>()
        .notNull()
        .default(sql`'[]'::jsonb`),
      /** The connection's automatic messages and bot settings (null until a full `whatsapp` view was seen). */
      automation: jsonb('automation').$type<ConnectionAutomation>(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('whatsapp_refs_company_idx').on(t.companyId), tenantIsolationPolicy()],
  )
  .enableRLS();
