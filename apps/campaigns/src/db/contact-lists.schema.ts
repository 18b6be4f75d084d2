import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { ContactListImportError, ContactListImportState } from '@atrium/contracts';
import { campaignsDb } from './campaigns-db.js';

/** A named list of people a campaign is sent to (spec 001 "Contact lists"). */
export const contactLists = campaignsDb
  .table(
    'contact_lists',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 50 }).notNull(),
      ...timestamps(),
    },
    (t) => [index('contact_lists_company_name_idx').on(t.companyId, t.name), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * One person of a list (spec 001 "Contact list items"): digits-only number, unique within its
 * list (imports skip duplicates on that index). `isWhatsappValid` is what the last check said.
 */
export const contactListItems = campaignsDb
  .table(
    'contact_list_items',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      contactListId: integer('contact_list_id')
        .notNull()
        .references(() => contactLists.id, { onDelete: 'cascade' }),
      name: varchar('name', { length: 50 }).notNull(),
      number: varchar('number', { length: 50 }).notNull(),
      email: varchar('email', { length: 254 }),
      isWhatsappValid: boolean('is_whatsapp_valid').notNull().default(false),
      /** When the number was last checked on WhatsApp (null: never). */
      checkedAt: timestamp('checked_at', { withTimezone: true }),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('contact_list_items_list_number_uq').on(t.contactListId, t.number),
      index('contact_list_items_company_list_name_idx').on(t.companyId, t.contactListId, t.name, t.id),
      index('contact_list_items_unchecked_idx')
        .on(t.contactListId, t.id)
        .where(sql`${t.checkedAt} is null`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/**
 * One upload of a spreadsheet into a list, the import job's state: `filePath` is the object-storage
 * key of the file (removed once read); `nextLine` is where a restarted job resumes (the rows
 * before it are in, and counted).
 */
export const contactListImports = campaignsDb
  .table(
    'contact_list_imports',
    {
      id: uuid('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      contactListId: integer('contact_list_id')
        .notNull()
        .references(() => contactLists.id, { onDelete: 'cascade' }),
      fileName: text('file_name').notNull(),
      filePath: text('file_path'),
      state: varchar('state', { length: 20 }).$type<ContactListImportState>().notNull().default('queued'),
      total: integer('total').notNull().default(0),
      nextLine: integer('next_line').notNull().default(2),
      read: integer('read').notNull().default(0),
      added: integer('added').notNull().default(0),
      duplicates: integer('duplicates').notNull().default(0),
      invalid: integer('invalid').notNull().default(0),
      checked: integer('checked').notNull().default(0),
      valid: integer('valid').notNull().default(0),
      errors: jsonb('errors').$type<ContactListImportError[]>().notNull().default([]),
      failure: text('failure'),
      ...timestamps(),
    },
    (t) => [index('contact_list_imports_list_idx').on(t.companyId, t.contactListId), tenantIsolationPolicy()],
  )
  .enableRLS();
