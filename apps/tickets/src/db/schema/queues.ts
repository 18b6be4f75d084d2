/** Queues and their chatbot options (spec 001 "Queues"). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, serial, smallint, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { ScheduleRow } from '@atrium/contracts';
import { ticketsDb, companyId } from './tickets-db.js';

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
      /** A flow of the ai service run when a ticket enters this queue (issue 27). */
      flowId: integer('flow_id'),
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
