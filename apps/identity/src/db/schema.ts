import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
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
} from 'drizzle-orm/pg-core';
import { outboxTable, tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { ScheduleRow } from '@atrium/contracts';

/** Everything the identity service owns lives in this schema. */
export const identity = pgSchema('identity');

export const plans = identity.table('plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique('plans_name_unique'),
  users: integer('users').notNull().default(0),
  connections: integer('connections').notNull().default(0),
  queues: integer('queues').notNull().default(0),
  value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  useCampaigns: boolean('use_campaigns').notNull().default(true),
  useSchedules: boolean('use_schedules').notNull().default(true),
  useInternalChat: boolean('use_internal_chat').notNull().default(true),
  useExternalApi: boolean('use_external_api').notNull().default(true),
  useKanban: boolean('use_kanban').notNull().default(true),
  useOpenAi: boolean('use_open_ai').notNull().default(true),
  useIntegrations: boolean('use_integrations').notNull().default(true),
  ...timestamps(),
});

export const companies = identity
  .table(
    'companies',
    {
      id: serial('id').primaryKey(),
      name: varchar('name', { length: 100 }).notNull(),
      email: varchar('email', { length: 254 }),
      phone: varchar('phone', { length: 30 }),
      status: boolean('status').notNull().default(true),
      dueDate: date('due_date', { mode: 'string' }),
      recurrence: varchar('recurrence', { length: 20 }).notNull().default('MENSAL'),
      planId: integer('plan_id')
        .notNull()
        .references(() => plans.id),
      document: varchar('document', { length: 30 }),
      addressZipCode: varchar('address_zip_code', { length: 20 }),
      addressStreet: varchar('address_street', { length: 200 }),
      addressState: varchar('address_state', { length: 50 }),
      addressCity: varchar('address_city', { length: 100 }),
      addressDistrict: varchar('address_district', { length: 100 }),
      schedules: jsonb('schedules')
        .$type<ScheduleRow[]>()
        .notNull()
        .default(sql`'[]'::jsonb`),
      /** The operator's own company, home of the super users; cannot be deleted. */
      isPlatform: boolean('is_platform').notNull().default(false),
      ...timestamps(),
    },
    (t) => [uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`), tenantIsolationPolicy('id')],
  )
  .enableRLS();

export const users = identity
  .table(
    'users',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'cascade' }),
      name: varchar('name', { length: 50 }).notNull(),
      email: varchar('email', { length: 254 }).notNull(),
      passwordHash: text('password_hash').notNull(),
      profile: varchar('profile', { length: 20 }).notNull().default('user'),
      super: boolean('super').notNull().default(false),
      allTicket: varchar('all_ticket', { length: 10 }).notNull().default('desabled'),
      whatsappId: integer('whatsapp_id'),
      online: boolean('online').notNull().default(false),
      lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
      /** The TOTP secret of an enabled two-factor login, sealed with IDENTITY_SECRETS_KEY (two-factor/totp-secrets.ts); null when off. */
      twoFactorSecret: text('two_factor_secret'),
      /** A secret set up but not yet confirmed with a code (POST /auth/2fa/setup, then /enable). */
      twoFactorPendingSecret: text('two_factor_pending_secret'),
      /** The TOTP time step of the last code accepted: a code is never accepted twice (RFC 6238 section 5.2). */
      twoFactorLastStep: integer('two_factor_last_step'),
      ...timestamps(),
    },
    (t) => [
      uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
      index('users_company_idx').on(t.companyId),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** Single-use recovery codes of a two-factor login, argon2id-hashed; replaced as a set when 2FA is enabled. */
export const userRecoveryCodes = identity
  .table(
    'user_recovery_codes',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      codeHash: text('code_hash').notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('user_recovery_codes_user_idx').on(t.userId), tenantIsolationPolicy()],
  )
  .enableRLS();

export const userQueues = identity
  .table(
    'user_queues',
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      queueId: integer('queue_id').notNull(),
      companyId: integer('company_id').notNull(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.queueId] }), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * Read model of the tickets service's queues (id, name, colour), fed by its `queue.saved` and
 * `queue.deleted` integration events and reconciled on start (libs/contracts read-models.ts);
 * `updated_at` is when this copy was last written (a reconciliation leaves newer writes alone).
 */
export const queueRefs = identity
  .table(
    'queue_refs',
    {
      id: integer('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 50 }),
      color: varchar('color', { length: 9 }),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('queue_refs_company_idx').on(t.companyId), tenantIsolationPolicy()],
  )
  .enableRLS();

export const settings = identity
  .table(
    'settings',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'cascade' }),
      key: varchar('key', { length: 50 }).notNull(),
      value: text('value').notNull(),
      ...timestamps(),
    },
    (t) => [uniqueIndex('settings_company_key_unique').on(t.companyId, t.key), tenantIsolationPolicy()],
  )
  .enableRLS();

/** One row per login; the refresh cookie is `<id>.<secret>` and only the secret's hash is kept. */
export const refreshSessions = identity
  .table(
    'refresh_sessions',
    {
      id: uuid('id').primaryKey(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      companyId: integer('company_id').notNull(),
      tokenHash: text('token_hash').notNull(),
      /** The hash before the last rotation, still honoured for a short grace (tabs refreshing at once). */
      previousTokenHash: text('previous_token_hash'),
      rotatedAt: timestamp('rotated_at', { withTimezone: true }),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      revokedAt: timestamp('revoked_at', { withTimezone: true }),
      ip: varchar('ip', { length: 64 }),
      userAgent: varchar('user_agent', { length: 300 }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('refresh_sessions_user_idx').on(t.userId), tenantIsolationPolicy()],
  )
  .enableRLS();

export const passwordResets = identity
  .table(
    'password_resets',
    {
      id: serial('id').primaryKey(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      companyId: integer('company_id').notNull(),
      codeHash: text('code_hash').notNull(),
      attempts: smallint('attempts').notNull().default(0),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('password_resets_user_idx').on(t.userId), tenantIsolationPolicy()],
  )
  .enableRLS();

/**
 * A company's single sign-on (OpenID Connect) provider: one per company; the client secret is
 * sealed with IDENTITY_SECRETS_KEY (the company in the associated data).
 */
export const ssoSettings = identity
  .table(
    'sso_settings',
    {
      companyId: integer('company_id')
        .primaryKey()
        .references(() => companies.id, { onDelete: 'cascade' }),
      enabled: boolean('enabled').notNull().default(true),
      issuer: varchar('issuer', { length: 500 }).notNull(),
      clientId: varchar('client_id', { length: 255 }).notNull(),
      clientSecretSealed: text('client_secret_sealed'),
      /** Passwords refused for the company's users (super users excepted). */
      requireSso: boolean('require_sso').notNull().default(false),
      ...timestamps(),
    },
    () => [tenantIsolationPolicy()],
  )
  .enableRLS();

/** The e-mail domains a company's provider logs in: each domain belongs to one company. */
export const ssoDomains = identity
  .table(
    'sso_domains',
    {
      domain: varchar('domain', { length: 253 }).primaryKey(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'cascade' }),
    },
    (t) => [index('sso_domains_company_idx').on(t.companyId), tenantIsolationPolicy()],
  )
  .enableRLS();

/** Help videos: platform-wide, managed by super users. */
export const helps = identity.table('helps', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  video: varchar('video', { length: 200 }).notNull().default(''),
  description: text('description').notNull().default(''),
  ...timestamps(),
});

/** Announcements: platform-wide, written by super users, read by everyone. */
export const announcements = identity.table('announcements', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  text: text('text').notNull(),
  priority: smallint('priority').notNull().default(3),
  status: boolean('status').notNull().default(true),
  mediaPath: varchar('media_path', { length: 500 }),
  mediaName: varchar('media_name', { length: 255 }),
  ...timestamps(),
});

/**
 * The audit log (docs/adr/023-audit-log.md): one row per `audit.recorded` event of any service,
 * unique by its event id (a redelivery inserts nothing). Append-only: the application role may
 * not update or delete it (migration 0005's trigger, and migrateService revokes those rights on
 * tables commented 'append-only'); only the retention function deletes, as the owner.
 * A failed login with an unknown e-mail is filed under the platform's company (super users see it);
 * `company_id` is nullable only so an entry never fails to store.
 */
export const auditLogs = identity
  .table(
    'audit_logs',
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      eventId: uuid('event_id').notNull(),
      companyId: integer('company_id'),
      userId: integer('user_id'),
      userName: varchar('user_name', { length: 100 }),
      action: varchar('action', { length: 50 }).notNull(),
      entityType: varchar('entity_type', { length: 30 }).notNull(),
      entityId: varchar('entity_id', { length: 100 }),
      before: jsonb('before').$type<Record<string, unknown>>(),
      after: jsonb('after').$type<Record<string, unknown>>(),
      ip: varchar('ip', { length: 64 }),
      userAgent: varchar('user_agent', { length: 300 }),
      detail: varchar('detail', { length: 300 }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    },
    (t) => [
      uniqueIndex('audit_logs_event_unique').on(t.eventId),
      index('audit_logs_company_created_idx').on(t.companyId, t.createdAt),
      index('audit_logs_created_idx').on(t.createdAt),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/**
 * What a company's supervisors or users may do (issue 28): the whole list of actions the profile
 * holds, once an admin saved it; no row, the defaults of libs/contracts `PERMISSION_ACTIONS`.
 */
export const profilePermissions = identity
  .table(
    'profile_permissions',
    {
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'cascade' }),
      profile: varchar('profile', { length: 20 }).notNull(),
      actions: text('actions').array().notNull(),
      ...timestamps(),
    },
    (t) => [primaryKey({ columns: [t.companyId, t.profile] }), tenantIsolationPolicy()],
  )
  .enableRLS();

/** Integration events stated by this service's transactions, until the relay publishes them (docs/adr/006). */
export const outbox = outboxTable(identity);

export const identitySchema = {
  outbox,
  plans,
  companies,
  users,
  userQueues,
  userRecoveryCodes,
  queueRefs,
  settings,
  profilePermissions,
  refreshSessions,
  passwordResets,
  ssoSettings,
  ssoDomains,
  helps,
  announcements,
  auditLogs,
};
export type IdentitySchema = typeof identitySchema;
