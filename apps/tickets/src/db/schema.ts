import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { ExtraInfoView, MessageMediaType, ScheduleRow, TicketStatus } from '@atrium/contracts';

/** Everything the tickets service owns lives in this schema. */
export const ticketsDb = pgSchema('tickets');


const companyId = () => integer('company_id').notNull();

export const queues = ticketsDb
  .table(
    'queues',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      name: varchar('name', { length: 50 }).notNull(),
      color: varchar('color', { length: 9 }).notNull(),
      greetingMessage: text('greeting_message').notNull().default(''),
      outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
      orderQueue: integer('order_queue'),
      integrationId: integer('integration_id'),
      promptId: integer('prompt_id'),
      schedules: jsonb('schedules').$type<ScheduleRow[]>().notNull().default(sql`'[]'::jsonb`),
      ...timestamps(),
    },
    (t) => [uniqueIndex('queues_company_color_unique').on(t.companyId, sql`lower(${t.color})`), tenantIsolationPolicy()],
  )
  .enableRLS();

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
      extraInfo: jsonb('extra_info').$type<ExtraInfoView[]>().notNull().default(sql`'[]'::jsonb`),
      whatsappId: integer('whatsapp_id'),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('contacts_company_number_unique').on(t.companyId, t.number).where(sql`${t.number} is not null`),
      uniqueIndex('contacts_company_lid_unique').on(t.companyId, t.lid).where(sql`${t.lid} is not null`),
      index('contacts_company_name_idx').on(t.companyId, t.name),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

export const tickets = ticketsDb
  .table(
    'tickets',
    {
      id: serial('id').primaryKey(),
      uuid: uuid('uuid').notNull().defaultRandom(),
      companyId: companyId(),
      status: varchar('status', { length: 10 }).$type<TicketStatus>().notNull().default('pending'),
      contactId: integer('contact_id')
        .notNull()
        .references(() => contacts.id, { onDelete: 'cascade' }),
      userId: integer('user_id'),
      queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
      whatsappId: integer('whatsapp_id'),
      unreadMessages: integer('unread_messages').notNull().default(0),
      isGroup: boolean('is_group').notNull().default(false),
      chatbot: boolean('chatbot').notNull().default(false),
      lastMessage: text('last_message').notNull().default(''),
      useIntegration: boolean('use_integration').notNull().default(false),
      promptId: integer('prompt_id'),
      integrationId: integer('integration_id'),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('tickets_uuid_unique').on(t.uuid),
      // One open or pending ticket per contact and connection: concurrent first messages and
      // concurrent "new ticket" clicks meet here, not in luck.
      uniqueIndex('tickets_one_active_per_contact')
        .on(t.companyId, t.contactId, sql`coalesce(${t.whatsappId}, 0)`)
        .where(sql`${t.status} in ('open', 'pending')`),
      index('tickets_company_updated_idx').on(t.companyId, t.updatedAt.desc(), t.id.desc()),
      index('tickets_company_status_updated_idx').on(t.companyId, t.status, t.updatedAt.desc(), t.id.desc()),
      index('tickets_contact_idx').on(t.contactId),
      // Deleting a queue finds its tickets (and the foreign key's SET NULL) without a scan.
      index('tickets_queue_idx').on(t.queueId).where(sql`${t.queueId} is not null`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

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
      body: text('body').notNull().default(''),
      fromMe: boolean('from_me').notNull().default(false),
      mediaType: varchar('media_type', { length: 20 }).$type<MessageMediaType>().notNull().default('chat'),
      mediaPath: varchar('media_path', { length: 500 }),
      mediaName: varchar('media_name', { length: 255 }),
      quotedMsgId: integer('quoted_msg_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
      ack: smallint('ack').notNull().default(0),
      read: boolean('read').notNull().default(false),
      isDeleted: boolean('is_deleted').notNull().default(false),
      isEdited: boolean('is_edited').notNull().default(false),
      ...timestamps(),
    },
    (t) => [
      // A redelivered inbound message is stored once.
      uniqueIndex('messages_company_whatsapp_wid_unique').on(t.companyId, t.whatsappId, t.wid),
      index('messages_ticket_created_idx').on(t.ticketId, t.createdAt.desc(), t.id.desc()),
      index('messages_media_path_idx').on(t.mediaPath).where(sql`${t.mediaPath} is not null`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/**
 * What a ticket's messages say, lowercased, for the ticket list's text search (ADR 005): the
 * bodies joined by newlines, in rows of about 2 kB (small enough to stay uncompressed in the
 * table, so a company's rows are scanned without detoasting). Written only by the triggers of
 * migration 0004 on `messages` (added messages are appended, an edited or deleted one rebuilds
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

export const tags = ticketsDb
  .table(
    'tags',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      name: varchar('name', { length: 50 }).notNull(),
      color: varchar('color', { length: 9 }).notNull(),
      kanban: smallint('kanban').notNull().default(0),
      userId: integer('user_id'),
      ...timestamps(),
    },
    (t) => [uniqueIndex('tags_company_name_unique').on(t.companyId, sql`lower(${t.name})`), tenantIsolationPolicy()],
  )
  .enableRLS();

export const ticketTags = ticketsDb
  .table(
    'ticket_tags',
    {
      ticketId: integer('ticket_id')
        .notNull()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      tagId: integer('tag_id')
        .notNull()
        .references(() => tags.id, { onDelete: 'cascade' }),
      companyId: companyId(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index('ticket_tags_tag_idx').on(t.tagId), tenantIsolationPolicy()],
  )
  .enableRLS();

export const ticketNotes = ticketsDb
  .table(
    'ticket_notes',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      note: text('note').notNull(),
      ticketId: integer('ticket_id')
        .notNull()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      contactId: integer('contact_id')
        .notNull()
        .references(() => contacts.id, { onDelete: 'cascade' }),
      userId: integer('user_id'),
      ...timestamps(),
    },
    (t) => [index('ticket_notes_ticket_idx').on(t.ticketId), index('ticket_notes_contact_idx').on(t.contactId), tenantIsolationPolicy()],
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

/** Read model of identity's users (names for tickets, notes and greetings), fed by `user` events. */
export const userRefs = ticketsDb
  .table(
    'user_refs',
    {
      id: integer('id').primaryKey(),
      companyId: companyId(),
      name: varchar('name', { length: 50 }).notNull(),
    },
    (t) => [index('user_refs_company_idx').on(t.companyId), tenantIsolationPolicy()],
  )
  .enableRLS();

/** Read model of the sessions service's connections (name, status, default flag, queues), fed by `whatsapp` events. */
export const whatsappRefs = ticketsDb
  .table(
    'whatsapp_refs',
    {
      id: integer('id').primaryKey(),
      companyId: companyId(),
      name: varchar('name', { length: 50 }).notNull(),
      status: varchar('status', { length: 20 }).notNull().default('DISCONNECTED'),
      isDefault: boolean('is_default').notNull().default(false),
      queueIds: jsonb('queue_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('whatsapp_refs_company_idx').on(t.companyId), tenantIsolationPolicy()],
  )
  .enableRLS();

export const ticketsSchema = {
  queues,
  contacts,
  tickets,
  messages,
  ticketTexts,
  tags,
  ticketTags,
  ticketNotes,
  quickMessages,
  mediaHolds,
  userRefs,
  whatsappRefs,
};
export type TicketsSchema = typeof ticketsSchema;
