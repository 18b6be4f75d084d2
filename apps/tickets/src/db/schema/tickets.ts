/** Tickets and what hangs on them: tags, notes, ratings. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { TicketStatus } from '@atrium/contracts';
import { ticketsDb, companyId } from './tickets-db.js';
import { contacts } from './contacts.js';
import { queues } from './queues.js';

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
      /** When our last message was stored, while the customer has not answered it (inactivity: expiresTicket). */
      awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('tickets_uuid_unique').on(t.uuid),
      // The inactivity sweep reads, per connection, the open tickets waiting longest for the customer.
      index('tickets_awaiting_reply_idx')
        .on(t.whatsappId, t.awaitingReplySince)
        .where(sql`${t.status} = 'open' and ${t.awaitingReplySince} is not null`),
      // One open or pending ticket per contact and connection: concurrent first messages and
      // concurrent "new ticket" clicks meet here, not in luck.
      uniqueIndex('tickets_one_active_per_contact')
        .on(t.companyId, t.contactId, sql`coalesce(${t.whatsappId}, 0)`)
        .where(sql`${t.status} in ('open', 'pending')`),
      index('tickets_company_updated_idx').on(t.companyId, t.updatedAt.desc(), t.id.desc()),
      index('tickets_company_status_updated_idx').on(t.companyId, t.status, t.updatedAt.desc(), t.id.desc()),
      index('tickets_contact_idx').on(t.contactId),
      // Deleting a queue finds its tickets (and the foreign key's SET NULL) without a scan.
      index('tickets_queue_idx')
        .on(t.queueId)
        .where(sql`${t.queueId} is not null`),
      tenantIsolationPolicy(),
    ],
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

/**
 * Customers' ratings of a resolved ticket (spec 000: 1 unsatisfied, 2 satisfied, 3 very satisfied),
 * with the agent who had it; the dashboard reads them by company and time.
 */
export const userRatings = ticketsDb
  .table(
    'user_ratings',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      ticketId: integer('ticket_id')
        .notNull()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      userId: integer('user_id'),
      rate: smallint('rate').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      index('user_ratings_company_created_idx').on(t.companyId, t.createdAt),
      uniqueIndex('user_ratings_ticket_unique').on(t.ticketId),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();
