/** The chatbot's state per ticket and its reply outbox. */
import { boolean, index, integer, jsonb, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy } from '@atrium/database';
import type { BotAction, BotRef } from '@atrium/contracts';
import { ticketsDb, companyId } from './tickets-db.js';
import { tickets } from './tickets.js';

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
      /** The last bot step applied (`tickets.bot.act` with a step: a flow's walk); a step at or below it is a replay. */
      actStep: integer('act_step').notNull().default(0),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => [tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * The automaton's replies not sent yet (issue 11), one row per ticket: stored in the transaction
 * that moved the conversation, so a replica that dies before sending them leaves them here.
 * `texts[sent..]` are still due, in order; later replies of the same ticket are appended. The
 * sender renews its lease (`leased_until`) as it goes; once it lapses (a dead sender) another
 * replica claims the row (libs/jobs RowLeases, BotReplySender).
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
      /** The sender's lease (ADR 020, RowLeases of libs/jobs): the process sending the row's texts, until when; lapsed, another takes the row. */
      leasedBy: text('leased_by'),
      leasedUntil: timestamp('leased_until', { withTimezone: true }),
    },
    (t) => [index('bot_replies_leased_until_idx').on(t.leasedUntil), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * A stepped bot act's actions not applied yet (issue 27: a flow's walk), one row per claimed step:
 * stored in the transaction that claims the step (`ticket_bots.act_step`), so a tickets process
 * killed after the claim and before or between the step's sends leaves them here. `actions[done..]`
 * are still due, in order; each action is recorded done in the transaction that applies it (a
 * send: the one that records it), and a send's message id derives from the row and the action's
 * index, so an action tried again reaches the customer once. The applier renews its lease as it
 * goes; once it lapses (a dead applier) another replica claims the row (libs/jobs RowLeases,
 * BotStepSender), a ticket's steps one after another.
 */
export const botActSteps = ticketsDb
  .table(
    'bot_act_steps',
    {
      id: serial('id').primaryKey(),
      ticketId: integer('ticket_id')
        .notNull()
        .references(() => tickets.id, { onDelete: 'cascade' }),
      companyId: companyId(),
      step: integer('step').notNull(),
      /** The act as the bot asked it (BotActCommand without its actions' progress). */
      bot: jsonb('bot').$type<BotRef>().notNull(),
      inReplyTo: integer('in_reply_to').notNull(),
      actions: jsonb('actions').$type<BotAction[]>().notNull(),
      done: integer('done').notNull().default(0),
      leasedBy: text('leased_by'),
      leasedUntil: timestamp('leased_until', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex('bot_act_steps_ticket_step_idx').on(t.ticketId, t.step),
      index('bot_act_steps_leased_until_idx').on(t.leasedUntil),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();
