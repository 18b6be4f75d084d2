import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TicketMessageHandedToBot } from '@atrium/contracts';
import { outboxTable, tenantIsolationPolicy, timestamps } from '@atrium/database';
import { aiDb } from './ai-db.js';
import { flowNodeStats, flowRuns, flows, flowVersions } from './flows-tables.js';
import { queueIntegrations, typebotSessions } from './integrations-tables.js';

/** Everything the ai service owns lives in the PostgreSQL schema `ai`; the queue integrations' tables in db/integrations-tables.ts. */
export { aiDb };
export { queueIntegrations, typebotSessions };
export { flows, flowVersions, flowRuns, flowNodeStats };
export type { FlowRunStatus } from './flows-tables.js';

/** OpenAI assistants (spec 001 "AI prompts"); the keys are stored encrypted (libs/kernel secret-box.ts), never in clear. */
export const prompts = aiDb
  .table(
    'prompts',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 100 }).notNull(),
      prompt: text('prompt').notNull(),
      /** A queue of the tickets service (checked there on every write). */
      queueId: integer('queue_id').notNull(),
      apiKeySealed: text('api_key_sealed').notNull(),
      voiceKeySealed: text('voice_key_sealed'),
      voice: varchar('voice', { length: 50 }).notNull().default('texto'),
      voiceRegion: varchar('voice_region', { length: 50 }).notNull().default(''),
      maxTokens: integer('max_tokens').notNull().default(100),
      temperature: doublePrecision('temperature').notNull().default(1),
      maxMessages: integer('max_messages').notNull().default(10),
      ...timestamps(),
    },
    () => [tenantIsolationPolicy()],
  )
  .enableRLS();

export type BotTurnStatus = 'pending' | 'done' | 'failed' | 'dropped';

/** A flow's timer that fired (a delay ended, a question timed out), run as a turn of its ticket. */
export type FlowTimerKind = 'delay' | 'timeout';

/**
 * A ticket's bot turns, one at a time per ticket in `sequence` order (then as stored):
 * - customer messages handed to a bot (`ticketMessage.handedToBot`), one row per message (`event`),
 *   stored before the event is acknowledged, so no turn is lost;
 * - a flow's timers that fired (`timer_step`, `timer`): the `flow.timer` job stores its turn here,
 *   after the message (`sequence`) the timer's walk followed, so a flow walks in one place at a
 *   time whatever woke it (ADR 020).
 * A released ticket's pending rows are dropped.
 */
export const botTurns = aiDb
  .table(
    'bot_turns',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      ticketId: integer('ticket_id').notNull(),
      sequence: integer('sequence').notNull(),
      /** The handed customer message; null for a flow timer's turn. */
      event: jsonb('event').$type<TicketMessageHandedToBot>(),
      /** A flow timer's turn: the walk's step that set the timer (a later step makes it a no-op), and which timer. */
      timerStep: integer('timer_step'),
      timer: varchar('timer', { length: 10 }).$type<FlowTimerKind>(),
      status: varchar('status', { length: 10 }).$type<BotTurnStatus>().notNull().default('pending'),
      // the replica running the turn and until when (libs/jobs RowLeases, ADR 020); null when free
      leasedBy: text('leased_by'),
      leasedUntil: timestamp('leased_until', { withTimezone: true }),
      ...timestamps(),
    },
    (t) => [
      // a redelivered event is stored once, and a timer that fires again too
      uniqueIndex('bot_turns_ticket_sequence_unique')
        .on(t.companyId, t.ticketId, t.sequence)
        .where(sql`${t.timerStep} is null`),
      uniqueIndex('bot_turns_ticket_timer_unique')
        .on(t.companyId, t.ticketId, t.timerStep)
        .where(sql`${t.timerStep} is not null`),
      check('bot_turns_message_or_timer', sql`(${t.event} is null) <> (${t.timerStep} is null)`),
      index('bot_turns_pending_idx')
        .on(t.companyId, t.ticketId, t.sequence)
        .where(sql`${t.status} = 'pending'`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** Integration events the ai service states (a prompt or an integration deleted), relayed after commit (libs/messaging IntegrationOutbox). */
export const outbox = outboxTable(aiDb);

export const aiSchema = {
  outbox,
  prompts,
  botTurns,
  queueIntegrations,
  typebotSessions,
  flows,
  flowVersions,
  flowRuns,
  flowNodeStats,
};

export type AiSchema = typeof aiSchema;
