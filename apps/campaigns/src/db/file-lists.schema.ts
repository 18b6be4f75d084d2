import { index, integer, serial, text, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import { campaignsDb } from './campaigns-db.js';

/** A named set of files with a message (spec 001 "Files"), which a campaign can send. */
export const fileLists = campaignsDb
  .table(
    'file_lists',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 100 }).notNull(),
      message: text('message').notNull(),
      /** Who saved it (identity's user; no foreign key across services). */
      userId: integer('user_id'),
      ...timestamps(),
    },
    (t) => [index('file_lists_company_name_idx').on(t.companyId, t.name), tenantIsolationPolicy()],
  )
  .enableRLS();

/** One option of a file list: a name and, once uploaded, its file (object-storage key `path`). */
export const fileListOptions = campaignsDb
  .table(
    'file_list_options',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      fileListId: integer('file_list_id')
        .notNull()
        .references(() => fileLists.id, { onDelete: 'cascade' }),
      name: varchar('name', { length: 100 }).notNull(),
      path: text('path'),
      /** The client's file name, shown and sent as the document name. */
      fileName: text('file_name'),
      mediaType: varchar('media_type', { length: 120 }),
      ...timestamps(),
    },
    (t) => [index('file_list_options_list_idx').on(t.fileListId, t.id), tenantIsolationPolicy()],
  )
  .enableRLS();
