import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
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
import { outboxTable, tenantIsolationPolicy, timestamps } from '@atrium/database';
import type {
  BotRef,
  ConnectionAutomation,
  ExtraInfoView,
  MessageMediaType,
  ScheduleRow,
  TicketStatus,
  WhatsappProvider,
} from '@atrium/contracts';

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
      schedules: jsonb('schedules')
        .$type<ScheduleRow[]>()
        .notNull()
        .default(sql`'[]'::jsonb`),
      ...timestamps(),
    },
    (t) => [uniqueIndex('queues_company_color_unique').on(t.companyId, sql`lower(${t.color})`), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * A queue's option tree (spec 001 "Queue option"): the chatbot's numbered menus. Root options have
 * no parent; an option number is unique among its siblings; deleting an option (or its queue)
 * deletes its subtree.
 */
export const queueOptions = ticketsDb
  .table(
    'queue_options',
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      queueId: integer('queue_id')
        .notNull()
        .references(() => queues.id, { onDelete: 'cascade' }),
      parentId: integer('parent_id').references((): AnyPgColumn => queueOptions.id, { onDelete: 'cascade' }),
      title: varchar('title', { length: 100 }).notNull(),
      message: text('message').notNull().default(''),
      option: smallint('option').notNull(),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('queue_options_sibling_option_unique').on(t.queueId, sql`coalesce(${t.parentId}, 0)`, t.option),
      index('queue_options_parent_idx').on(t.parentId),
      tenantIsolationPolicy(),
    ],
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

/**
 * The automaton's position in a ticket's conversation (issue 11), kept with the ticket so any
 * replica and a restart continue it: the menu stage, the option whose menu was last sent, invalid
 * replies to the queue menu, silence until, the last out-of-hours notice, and the hand-off to the
 * ai service (the bot driving it, the last handed message's sequence, released once people act).
 */
export const ticketBots = ticketsDb
  .table(
    'ticket_bots',
    {
      ticketId: integer('ticket_id')
        .primaryKey()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      companyId: companyId(),
      stage: varchar('stage', { length: 12 }).notNull().default('idle'),
      optionId: integer('option_id'),
      invalidReplies: integer('invalid_replies').notNull().default(0),
      silentUntil: timestamp('silent_until', { withTimezone: true }),
      outOfHoursAt: timestamp('out_of_hours_at', { withTimezone: true }),
      bot: jsonb('bot').$type<BotRef>(),
      sequence: integer('sequence').notNull().default(0),
      released: boolean('released').notNull().default(false),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => [tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * The automaton's replies not sent yet (issue 11), one row per ticket: stored in the transaction
 * that moved the conversation, so a replica that dies before sending them leaves them here.
 * `texts[sent..]` are still due, in order; later replies of the same ticket are appended. The
 * sender renews `due_at` as it goes; once it lapses (a dead sender) another replica takes the row.
 */
export const botReplies = ticketsDb
  .table(
    'bot_replies',
    {
      ticketId: integer('ticket_id')
        .primaryKey()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      /** The row's own number (a new one each time a ticket's row is made): with a text's index, it names that reply (botReplyKey). */
      seq: serial('seq').notNull(),
      companyId: companyId(),
      texts: jsonb('texts').$type<string[]>().notNull(),
      sent: integer('sent').notNull().default(0),
      /** Sent even though the ticket is closed (a completion or inactivity message). */
      toClosed: boolean('to_closed').notNull().default(false),
      dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    },
    (t) => [index('bot_replies_due_idx').on(t.dueAt), tenantIsolationPolicy()],
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

/** Integration events stated by this service's transactions, until the relay publishes them (docs/adr/006). */
export const outbox = outboxTable(ticketsDb);

/** Internal chat (spec 001 "Internal chat"): a conversation between users of one company. */
export const chats = ticketsDb
  .table(
    'chats',
    {
      id: serial('id').primaryKey(),
      uuid: uuid('uuid').notNull().defaultRandom(),
      companyId: companyId(),
      title: varchar('title', { length: 255 }).notNull(),
      ownerId: integer('owner_id').notNull(),
      lastMessage: text('last_message').notNull().default(''),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('chats_uuid_unique').on(t.uuid),
      index('chats_company_updated_idx').on(t.companyId, t.updatedAt.desc(), t.id.desc()),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** A chat's members, each with their own unread count (kept in the transaction that stores a message). */
export const chatUsers = ticketsDb
  .table(
    'chat_users',
    {
      chatId: integer('chat_id')
        .notNull()
        .references(() => chats.id, { onDelete: 'cascade' }),
      userId: integer('user_id').notNull(),
      companyId: companyId(),
      unreads: integer('unreads').notNull().default(0),
      ...timestamps(),
    },
    (t) => [
      primaryKey({ columns: [t.chatId, t.userId] }),
      index('chat_users_company_user_idx').on(t.companyId, t.userId),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

export const chatMessages = ticketsDb
  .table(
    'chat_messages',
    {
      id: serial('id').primaryKey(),
      chatId: integer('chat_id')
        .notNull()
        .references(() => chats.id, { onDelete: 'cascade' }),
      companyId: companyId(),
      senderId: integer('sender_id').notNull(),
      message: text('message').notNull(),
      ...timestamps(),
    },
    (t) => [index('chat_messages_chat_idx').on(t.chatId, t.id.desc()), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * Each ticket's service timeline (issue 15 dashboard): when it was queued (created), first accepted
 * by an agent, first answered by an agent after that, resolved (the last close; a reopen clears it)
 * and rated. Written only by the triggers of migration 0013 on `tickets` and `messages`, in the
 * transaction of the change, so every writer (service, inbound, chatbot, seeds) records it; the
 * dashboard reads only this table, through the index on (company, queued_at) that holds every column it reads.
 * `rating` (1 to 3) is set by whoever stores a ticket's rating (the ratings hook, see the dashboard README).
 */
export const ticketTimelines = ticketsDb
  .table(
    'ticket_timelines',
    {
      ticketId: integer('ticket_id')
        .primaryKey()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      companyId: companyId(),
      status: varchar('status', { length: 10 }).$type<TicketStatus>().notNull(),
      userId: integer('user_id'),
      queueId: integer('queue_id'),
      /** The ticket is its contact's first one: a lead. */
      firstOfContact: boolean('first_of_contact').notNull().default(false),
      queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
      acceptedAt: timestamp('accepted_at', { withTimezone: true }),
      firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
      resolvedAt: timestamp('resolved_at', { withTimezone: true }),
      rating: smallint('rating'),
      /** Seconds from queued to resolved (what the median and 90th percentile of resolution order by). */
      resolutionSeconds: doublePrecision('resolution_seconds').generatedAlwaysAs(sql`extract(epoch from resolved_at - queued_at)::float8`),
      /**
       * The resolution's bucket in `dashboard_daily.resolutions` (4 per doubling of 1 + seconds,
       * 0 to 96): monotonic in resolution_seconds, so a rank found in the daily histograms is read
       * from the rows of one bucket only (dashboard repository).
       */
      resolutionBucket: smallint('resolution_bucket').generatedAlwaysAs(
        sql`case when resolved_at is not null then least(96, floor(4 * ln(1 + greatest(extract(epoch from resolved_at - queued_at)::float8, 0)) / ln(2)))::smallint end`,
      ),
    },
    (t) => [
      // the exact median / p90: one agent's or queue's resolutions of one bucket, either walked in order up to the rank wanted
      // (filtered by period: long periods) or those of the period sorted (short periods); the planner picks per period
      index('ticket_timelines_user_resolution_period_idx')
        .on(t.companyId, t.userId, t.resolutionBucket, t.queuedAt, t.resolutionSeconds)
        .where(sql`resolution_bucket is not null`),
      index('ticket_timelines_queue_resolution_period_idx')
        .on(t.companyId, t.queueId, t.resolutionBucket, t.queuedAt, t.resolutionSeconds)
        .where(sql`resolution_bucket is not null`),
      index('ticket_timelines_user_resolution_idx')
        .on(t.companyId, t.userId, t.resolutionBucket, t.resolutionSeconds, t.queuedAt)
        .where(sql`resolution_bucket is not null`),
      index('ticket_timelines_queue_resolution_idx')
        .on(t.companyId, t.queueId, t.resolutionBucket, t.resolutionSeconds, t.queuedAt)
        .where(sql`resolution_bucket is not null`),
      // every column the dashboard reads is in the key: its queries are index-only scans of a company's period
      index('ticket_timelines_company_queued_idx').on(
        t.companyId,
        t.queuedAt,
        t.status,
        t.userId,
        t.queueId,
        t.acceptedAt,
        t.firstReplyAt,
        t.resolvedAt,
        t.rating,
        t.firstOfContact,
      ),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/**
 * The time zone whose calendar days `dashboard_daily` is kept in (one row): the service's
 * TIME_ZONE, set at boot, which rebuilds the rollups when it changed (DashboardCalendarSync).
 */
export const dashboardCalendar = ticketsDb.table(
  'dashboard_calendar',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('dashboard_calendar_one_row', sql`${t.id} = 1`)],
);

/** Numbers each change of a dashboard_daily row (its `changed_seq`): always greater than the row's previous one. */
export const dashboardDailyChanges = ticketsDb.sequence('dashboard_daily_changes');

/**
 * Daily rollups of `ticket_timelines` (issue 15 dashboard at a million tickets): per company,
 * calendar day of the queueing (dashboard_calendar's time zone), and agent (`kind` 'u', agents
 * only) or queue (`kind` 'q', `ref_id` 0 for no queue; the queue rows add up to the company's
 * totals). Kept by the trigger on ticket_timelines (migration 0018) in the transaction of every
 * timeline change: a row's old contribution is taken off and its new one added. Sums of seconds
 * are numeric, exact; `resolutions` counts resolved tickets per resolution bucket (0 to 96).
 * `changed_seq` is renumbered from dashboard_daily_changes at every insert and update (migration
 * 0020), so the count and sum of a period's `changed_seq` change whenever its figures may have:
 * the dashboard's cache key (DashboardCache).
 */
export const dashboardDaily = ticketsDb
  .table(
    'dashboard_daily',
    {
      companyId: companyId(),
      day: date('day', { mode: 'string' }).notNull(),
      kind: varchar('kind', { length: 1 }).$type<'u' | 'q'>().notNull(),
      refId: integer('ref_id').notNull(),
      tickets: integer('tickets').notNull().default(0),
      open: integer('open').notNull().default(0),
      pending: integer('pending').notNull().default(0),
      closed: integer('closed').notNull().default(0),
      leads: integer('leads').notNull().default(0),
      supportSum: numeric('support_sum').notNull().default('0'),
      supportCount: integer('support_count').notNull().default(0),
      waitSum: numeric('wait_sum').notNull().default('0'),
      waitCount: integer('wait_count').notNull().default(0),
      firstResponseSum: numeric('first_response_sum').notNull().default('0'),
      firstResponseCount: integer('first_response_count').notNull().default(0),
      ratingSum: integer('rating_sum').notNull().default(0),
      ratingCount: integer('rating_count').notNull().default(0),
      resolutions: integer('resolutions')
        .array()
        .notNull()
        .default(sql`array_fill(0, array[97])`),
      changedSeq: bigint('changed_seq', { mode: 'number' })
        .notNull()
        .default(sql`nextval('tickets.dashboard_daily_changes')`),
    },
    (t) => [primaryKey({ columns: [t.companyId, t.day, t.kind, t.refId] }), tenantIsolationPolicy()],
  )
  .enableRLS();

export const ticketsSchema = {
  outbox,
  queues,
  queueOptions,
  contacts,
  tickets,
  messages,
  ticketTexts,
  tags,
  ticketTags,
  ticketNotes,
  quickMessages,
  mediaHolds,
  failedInboundEvents,
  userRefs,
  whatsappRefs,
  customerWindows,
  ticketBots,
  botReplies,
  userRatings,
  chats,
  chatUsers,
  chatMessages,
  ticketTimelines,
  dashboardCalendar,
  dashboardDaily,
};
export type TicketsSchema = typeof ticketsSchema;
