/** The dashboard's timelines and daily rollups (their triggers and functions: functions.ts). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy } from '@atrium/database';
import type { TicketStatus } from '@atrium/contracts';
import { ticketsDb, companyId } from './tickets-db.js';
import { tickets } from './tickets.js';

/**
 * Each ticket's service timeline (issue 15 dashboard): when it was queued (created), first accepted
 * by an agent, first answered by an agent after that, resolved (the last close; a reopen clears it)
 * and rated. Written only by the triggers on `tickets` and `messages` (functions.ts), in the
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
 * totals). Kept by the trigger on ticket_timelines (functions.ts) in the transaction of every
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
