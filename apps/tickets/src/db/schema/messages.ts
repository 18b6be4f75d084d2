/** A ticket's messages, their searchable text, quick messages and media held for sending. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, serial, smallint, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { MessageMediaType } from '@atrium/contracts';
import { ticketsDb, companyId } from './tickets-db.js';
import { contacts } from './contacts.js';
import { tickets } from './tickets.js';

export const messages = ticketsDb
  .table(
    'messages',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      ticketId: integer('ticket_id')
        .notNull()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
      whatsappId: integer('whatsapp_id'),
      /** The channel's message id (null until a send is confirmed). */
      wid: varchar('wid', { length: 160 }),
      /** The id we chose for a message we send (derivedMessageId), known before it is sent: a retried send finds its row by it. */
      sendId: varchar('send_id', { length: 40 }),
      body: text('body').notNull().default(''),
      fromMe: boolean('from_me').notNull().default(false),
      mediaType: varchar('media_type', { length: 20 }).$type<MessageMediaType>().notNull().default('chat'),
      mediaPath: varchar('media_path', { length: 500 }),
      mediaName: varchar('media_name', { length: 255 }),
      quotedMsgId: integer('quoted_msg_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
      ack: smallint('ack').notNull().default(0),
      /** Why the network did not deliver it (ack -1), as it said it (Cloud API: `131026: Message undeliverable`); null otherwise. */
      error: text('error'),
      read: boolean('read').notNull().default(false),
      isDeleted: boolean('is_deleted').notNull().default(false),
      isEdited: boolean('is_edited').notNull().default(false),
      ...timestamps(),
    },
    (t) => [
      // A redelivered inbound message is stored once.
      uniqueIndex('messages_company_whatsapp_wid_unique').on(t.companyId, t.whatsappId, t.wid),
      // A retried send (same derived id) is stored once. Partial: only sends with a chosen id have
      // one, and a lookup by channel id cannot take this index for the one above (they share
      // their leading columns; before the table's first statistics the planner took this one and
      // walked every message of the connection, bench/HISTORY.md chatbot).
      uniqueIndex('messages_company_whatsapp_send_id_unique')
        .on(t.companyId, t.whatsappId, t.sendId)
        .where(sql`${t.sendId} is not null`),
      index('messages_ticket_created_idx').on(t.ticketId, t.createdAt.desc(), t.id.desc()),
      index('messages_media_path_idx')
        .on(t.mediaPath)
        .where(sql`${t.mediaPath} is not null`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/**
 * What a ticket's messages say, lowercased, for the ticket list's text search (ADR 005): the
 * bodies joined by newlines, in rows of about 2 kB (small enough to stay uncompressed in the
 * table, so a company's rows are scanned without detoasting). Written only by the triggers (functions.ts) of
 * `messages` (added messages are appended, an edited or deleted one rebuilds
 * its ticket's rows); the application reads it and never writes it.
 *
 * No foreign key to `tickets` on purpose: a ticket's rows go when its messages go (the delete
 * trigger), and the key's check would make a rebuild wait on the ticket's row while a
 * transaction that locked that ticket waits on the rebuild's rows (a deadlock).
 */
export const ticketTexts = ticketsDb
  .table(
    'ticket_texts',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      ticketId: integer('ticket_id').notNull(),
      text: text('text').notNull(),
    },
    (t) => [index('ticket_texts_company_idx').on(t.companyId), index('ticket_texts_ticket_idx').on(t.ticketId), tenantIsolationPolicy()],
  )
  .enableRLS();

export const quickMessages = ticketsDb
  .table(
    'quick_messages',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      userId: integer('user_id'),
      shortcode: varchar('shortcode', { length: 100 }).notNull(),
      message: text('message').notNull().default(''),
      geral: boolean('geral').notNull().default(false),
      status: boolean('status').notNull().default(true),
      mediaPath: varchar('media_path', { length: 500 }),
      mediaName: varchar('media_name', { length: 255 }),
      ...timestamps(),
    },
    (t) => [index('quick_messages_company_idx').on(t.companyId, t.shortcode), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * Stored files a send in progress is about to reference (an agent re-sending a file of the
 * company: a quick message's attachment, a file of another ticket). Media cleanup keeps a held
 * file; a hold ends when its message is stored, or at `expires_at` if its sender died.
 */
export const mediaHolds = ticketsDb
  .table(
    'media_holds',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      path: varchar('path', { length: 500 }).notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    },
    (t) => [index('media_holds_company_path_idx').on(t.companyId, t.path), tenantIsolationPolicy()],
  )
  .enableRLS();
