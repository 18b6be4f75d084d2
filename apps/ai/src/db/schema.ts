import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/**
 * Customer messages handed to a bot (`ticketMessage.handedToBot`), one row per message: the
 * runtime answers a ticket's pending rows one at a time in `sequence` order; a released ticket's
 * pending rows are dropped. Stored before the event is acknowledged, so no turn is lost.
 */
export const botTurns = aiDb
  .table(
    'bot_turns',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      ticketId: integer('ticket_id').notNull(),
      sequence: integer('sequence').notNull(),
      event: jsonb('event').$type<TicketMessageHandedToBot>().notNull(),
      status: varchar('status', { length: 10 }).$type<BotTurnStatus>().notNull().default('pending'),
      // the replica running the turn and until when (libs/jobs RowLeases, ADR 020); null when free
      leasedBy: text('leased_by'),
      leasedUntil: timestamp('leased_until', { withTimezone: true }),
      ...timestamps(),
    },
    (t) => [
      // a redelivered event is stored once
      uniqueIndex('bot_turns_ticket_sequence_unique').on(t.companyId, t.ticketId, t.sequence),
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
