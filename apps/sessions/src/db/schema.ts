import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { outboxTable, tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { SessionStatusReason, TemplateComponent, WhatsappProvider, WhatsappStatus } from '@atrium/contracts';

/** Everything the sessions service owns lives in this schema. */
export const sessionsDb = pgSchema('sessions');

/** WhatsApp connections (spec 001 "Connections"). */
export const whatsapps = sessionsDb
  .table(
    'whatsapps',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 50 }).notNull(),
      provider: varchar('provider', { length: 20 }).$type<WhatsappProvider>().notNull().default('beta'),
      isDefault: boolean('is_default').notNull().default(false),
      status: varchar('status', { length: 20 }).$type<WhatsappStatus>().notNull().default('DISCONNECTED'),
      qrcode: text('qrcode').notNull().default(''),
      pairingCode: varchar('pairing_code', { length: 16 }).notNull().default(''),
      retries: integer('retries').notNull().default(0),
      /** Why the session is not connected (SESSION_STATUS_REASONS); null when connected or stopped on request. */
      statusReason: varchar('status_reason', { length: 30 }).$type<SessionStatusReason>(),
      /** The business number, once paired. */
      number: varchar('number', { length: 20 }),
      greetingMessage: text('greeting_message').notNull().default(''),
      complationMessage: text('complation_message').notNull().default(''),
      outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
      ratingMessage: text('rating_message').notNull().default(''),
      promptId: integer('prompt_id'),
      /** Kept for clients that edit them (Atendechat's dialog); no automatic transfer acts on them yet. */
      transferQueueId: integer('transfer_queue_id'),
      timeToTransfer: integer('time_to_transfer'),
      integrationId: integer('integration_id'),
      /** A flow of the ai service run on new conversations of this connection (issue 27); takes precedence over the queue menu. */
      flowId: integer('flow_id'),
      expiresTicket: integer('expires_ticket').notNull().default(0),
      expiresInactiveMessage: text('expires_inactive_message').notNull().default(''),
      timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
      maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
      /**
       * The external messaging API's bearer token as its SHA-256 (hex): the token itself is shown
       * once, when generated, and a database leak does not reveal it. Null: no token.
       */
      tokenHash: varchar('token_hash', { length: 64 }),
      /** The token's last characters, so an admin can tell which token is in use. */
      tokenHint: varchar('token_hint', { length: 8 }),
      // provider `cloud` (Meta's WhatsApp Cloud API, issue 26); null for other providers
      /** The business number's id at Meta: webhooks name it, so one connection at most has it. */
      cloudPhoneNumberId: varchar('cloud_phone_number_id', { length: 32 }),
      cloudWabaId: varchar('cloud_waba_id', { length: 32 }),
      /** The system user's access token, sealed (libs/kernel SecretBox, context `whatsapp:accessToken:<companyId>`). */
      cloudAccessToken: text('cloud_access_token'),
      cloudAccessTokenHint: varchar('cloud_access_token_hint', { length: 8 }),
      /** The Meta app's secret that signs webhooks, sealed (context `whatsapp:appSecret:<companyId>`). */
      cloudAppSecret: text('cloud_app_secret'),
      /** Generated; pasted in the Meta app's webhook settings, echoed by the handshake. */
      cloudVerifyToken: varchar('cloud_verify_token', { length: 64 }),
      cloudMessagesPerSecond: integer('cloud_messages_per_second'),
      cloudDisplayPhoneNumber: varchar('cloud_display_phone_number', { length: 40 }),
      cloudVerifiedName: varchar('cloud_verified_name', { length: 200 }),
      cloudQualityRating: varchar('cloud_quality_rating', { length: 20 }),
      cloudMessagingLimitTier: varchar('cloud_messaging_limit_tier', { length: 40 }),
      /** Meta's last refusal (`code: message`), shown beside DISCONNECTED. */
      cloudError: varchar('cloud_error', { length: 500 }),
      ...timestamps(),
    },
    (t) => [
      index('whatsapps_company_idx').on(t.companyId),
      uniqueIndex('whatsapps_cloud_phone_number_id_unique').on(t.cloudPhoneNumberId),
      uniqueIndex('whatsapps_cloud_verify_token_unique').on(t.cloudVerifyToken),
      uniqueIndex('whatsapps_token_hash_unique').on(t.tokenHash),
      // At most one default connection per company.
      uniqueIndex('whatsapps_one_default_per_company')
        .on(t.companyId)
        .where(sql`${t.isDefault}`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** Queues a connection offers (queues belong to the tickets service; only their ids live here). */
export const whatsappQueues = sessionsDb
  .table(
    'whatsapp_queues',
    {
      whatsappId: integer('whatsapp_id')
        .notNull()
        .references(() => whatsapps.id, { onDelete: 'cascade' }),
      queueId: integer('queue_id').notNull(),
      companyId: integer('company_id').notNull(),
    },
    (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] }), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * One row per session that should run: which replica runs it and until when its claim holds
 * (docs/adr/003-session-leases-in-postgres.md). No row: the session is stopped on purpose
 * (disconnected, logged out, timed out).
 */
export const sessionLeases = sessionsDb
  .table(
    'session_leases',
    {
      whatsappId: integer('whatsapp_id')
        .primaryKey()
        .references(() => whatsapps.id, { onDelete: 'cascade' }),
      companyId: integer('company_id').notNull(),
      /** The replica running the session; null when released. */
      owner: varchar('owner', { length: 200 }),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
      /** Bumped on every claim: how many times the session changed hands. */
      generation: integer('generation').notNull().default(0),
    },
    (t) => [index('session_leases_owner_idx').on(t.owner), index('session_leases_expires_idx').on(t.expiresAt), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * The sessions replicas alive now: each writes its heartbeat on every sweep and deletes its row
 * on a graceful shutdown. A replica's fair share is the wanted sessions over the live replicas
 * (docs/adr/003). Not tenant data: no company, no row-level security.
 */
export const sessionReplicas = sessionsDb.table('replicas', {
  id: varchar('id', { length: 200 }).primaryKey(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
});

/** A session's auth state, one key per row (never one growing blob). */
export const authKeys = sessionsDb
  .table(
    'auth_keys',
    {
      whatsappId: integer('whatsapp_id')
        .notNull()
        .references(() => whatsapps.id, { onDelete: 'cascade' }),
      companyId: integer('company_id').notNull(),
      category: varchar('category', { length: 64 }).notNull(),
      keyId: varchar('key_id', { length: 255 }).notNull(),
      value: text('value').notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.whatsappId, t.category, t.keyId] }), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * A Cloud API connection's message templates as its WhatsApp Business Account holds them (issue
 * 26): synced from GET /{waba-id}/message_templates, kept current by the
 * `message_template_status_update` and `message_template_quality_update` webhooks.
 */
export const whatsappTemplates = sessionsDb
  .table(
    'whatsapp_templates',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      whatsappId: integer('whatsapp_id')
        .notNull()
        .references(() => whatsapps.id, { onDelete: 'cascade' }),
      /** Meta's template id. */
      metaId: varchar('meta_id', { length: 40 }).notNull(),
      name: varchar('name', { length: 512 }).notNull(),
      language: varchar('language', { length: 15 }).notNull(),
      category: varchar('category', { length: 30 }).notNull(),
      status: varchar('status', { length: 30 }).notNull(),
      /** Meta's quality score (GREEN, YELLOW, RED, UNKNOWN); null until rated. */
      quality: varchar('quality', { length: 20 }),
      /** Why Meta rejected, paused or disabled it. */
      reason: varchar('reason', { length: 200 }),
      components: jsonb('components').$type<TemplateComponent[]>().notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex('whatsapp_templates_meta_unique').on(t.whatsappId, t.metaId),
      index('whatsapp_templates_company_idx').on(t.companyId),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** Integration events the sessions service states (audit entries of connection changes), relayed after commit (docs/adr/006, 022). */
export const outbox = outboxTable(sessionsDb);

export const sessionsSchema = { outbox, whatsapps, whatsappQueues, sessionLeases, sessionReplicas, authKeys, whatsappTemplates };
export type SessionsSchema = typeof sessionsSchema;
