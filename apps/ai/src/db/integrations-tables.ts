import { index, integer, jsonb, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { DialogflowLanguage, QueueIntegrationType } from '@atrium/contracts';
import { aiDb } from './ai-db.js';

/** Queue integrations (spec 001 "Queue integration"); `json_content_sealed` is the service-account JSON, encrypted (libs/kernel secret-box.ts). */
export const queueIntegrations = aiDb
  .table(
    'queue_integrations',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      type: varchar('type', { length: 20 }).$type<QueueIntegrationType>().notNull(),
      name: varchar('name', { length: 50 }).notNull(),
      projectName: varchar('project_name', { length: 100 }),
      jsonContentSealed: text('json_content_sealed'),
      language: varchar('language', { length: 10 }).$type<DialogflowLanguage>(),
      urlN8N: varchar('url_n8n', { length: 500 }),
      typebotSlug: varchar('typebot_slug', { length: 200 }),
      typebotExpires: integer('typebot_expires').notNull().default(1),
      typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
      typebotKeywordFinish: varchar('typebot_keyword_finish', { length: 100 }),
      typebotKeywordRestart: varchar('typebot_keyword_restart', { length: 100 }),
      typebotRestartMessage: text('typebot_restart_message'),
      typebotUnknownMessage: text('typebot_unknown_message'),
      /** Secret of the HMAC signature of n8n/webhook calls (generated, sealed). */
      signingSecretSealed: text('signing_secret_sealed'),
      ...timestamps(),
    },
    (table) => [index('queue_integrations_company_name_idx').on(table.companyId, table.name), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * One Typebot chat session per ticket and integration (Typebot's `sessionId`), with the choices the
 * last input offered (numbered lines) and when the customer last wrote (expiry after typebotExpires minutes).
 */
export const typebotSessions = aiDb
  .table(
    'typebot_sessions',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      integrationId: integer('integration_id')
        .notNull()
        .references(() => queueIntegrations.id, { onDelete: 'cascade' }),
      ticketId: integer('ticket_id').notNull(),
      sessionId: varchar('session_id', { length: 200 }).notNull(),
      /** The last input's choices as Typebot listed them, or null when the flow waits for free text or nothing. */
      choices: jsonb('choices').$type<Array<{ id: string; content: string }> | null>(),
      lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
      ...timestamps(),
    },
    (table) => [uniqueIndex('typebot_sessions_ticket_integration_idx').on(table.ticketId, table.integrationId), tenantIsolationPolicy()],
  )
  .enableRLS();
