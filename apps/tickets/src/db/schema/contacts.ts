/** Contacts: the customers and groups tickets talk to. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { ExtraInfoView } from '@atrium/contracts';
import { ticketsDb, companyId } from './tickets-db.js';

/**
 * Customers. WhatsApp names a person by phone number or by an opaque lid; a contact keeps both,
 * and each is unique per company, so concurrent first messages find one contact.
 */
export const contacts = ticketsDb
  .table(
    'contacts',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      name: varchar('name', { length: 100 }).notNull(),
      number: varchar('number', { length: 60 }),
      lid: varchar('lid', { length: 60 }),
      email: varchar('email', { length: 254 }).notNull().default(''),
      profilePicUrl: text('profile_pic_url').notNull().default(''),
      isGroup: boolean('is_group').notNull().default(false),
      extraInfo: jsonb('extra_info')
        .$type<ExtraInfoView[]>()
        .notNull()
        .default(sql`'[]'::jsonb`),
      whatsappId: integer('whatsapp_id'),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('contacts_company_number_unique')
        .on(t.companyId, t.number)
        .where(sql`${t.number} is not null`),
      uniqueIndex('contacts_company_lid_unique')
        .on(t.companyId, t.lid)
        .where(sql`${t.lid} is not null`),
      index('contacts_company_name_idx').on(t.companyId, t.name),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();
