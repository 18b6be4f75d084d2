import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { CampaignStatus, CampaignTemplate } from '@atrium/contracts';
import { campaignsDb } from './campaigns-db.js';

/**
 * A campaign (spec 001 "Campaign"): INATIVA → PROGRAMADA (scheduledAt set) → EM_ANDAMENTO →
 * FINALIZADA, CANCELADA by cancel. `plannedAt` says its shippings were all written (a start
 * interrupted before that is planned again, idempotently). `whatsappId`, `tagListId` and
 * `fileListId` name other services' or contexts' rows, checked when saved, so no foreign keys.
 */
export const campaigns = campaignsDb
  .table(
    'campaigns',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 50 }).notNull(),
      message1: text('message1'),
      message2: text('message2'),
      message3: text('message3'),
      message4: text('message4'),
      message5: text('message5'),
      confirmationMessage1: text('confirmation_message1'),
      confirmationMessage2: text('confirmation_message2'),
      confirmationMessage3: text('confirmation_message3'),
      confirmationMessage4: text('confirmation_message4'),
      confirmationMessage5: text('confirmation_message5'),
      status: varchar('status', { length: 20 }).$type<CampaignStatus>().notNull().default('INATIVA'),
      confirmation: boolean('confirmation').notNull().default(false),
      scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
      completedAt: timestamp('completed_at', { withTimezone: true }),
      plannedAt: timestamp('planned_at', { withTimezone: true }),
      whatsappId: integer('whatsapp_id'),
      contactListId: integer('contact_list_id'),
      tagListId: integer('tag_list_id'),
      fileListId: integer('file_list_id'),
      mediaPath: text('media_path'),
      mediaName: text('media_name'),
      /** A Cloud API connection's approved template sent instead of message1..5 (issue 26), its values with campaign variables. */
      template: jsonb('template').$type<CampaignTemplate>(),
      // the replica sending on the campaign's connection and until when (libs/jobs RowLeases, ADR 020): the
      // oldest running campaign of a connection carries its sender's lease; null when nobody sends
      leasedBy: text('leased_by'),
      leasedUntil: timestamp('leased_until', { withTimezone: true }),
      ...timestamps(),
    },
    (t) => [
      index('campaigns_company_idx').on(t.companyId, t.id),
      index('campaigns_due_idx')
        .on(t.scheduledAt)
        .where(sql`${t.status} = 'PROGRAMADA'`),
      index('campaigns_running_idx')
        .on(t.whatsappId)
        .where(sql`${t.status} = 'EM_ANDAMENTO'`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/**
 * One recipient of a campaign: one row per campaign and number (unique), written when the
 * campaign starts. `variant` is which of message1..5 it gets; `partsSent` how many of its
 * message's parts (the message, then the file list's text and files) went out. `doneAt` is set once it needs
 * nothing more (delivered or failed); `nextAttemptAt` is when it may be tried (again).
 */
export const campaignShippings = campaignsDb
  .table(
    'campaign_shippings',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      campaignId: integer('campaign_id')
        .notNull()
        .references(() => campaigns.id, { onDelete: 'cascade' }),
      number: varchar('number', { length: 50 }).notNull(),
      name: varchar('name', { length: 100 }).notNull(),
      email: varchar('email', { length: 254 }),
      variant: smallint('variant').notNull(),
      attempts: smallint('attempts').notNull().default(0),
      /** How many of the message's parts went out: the message, then its file list's text and files (one send each). */
      partsSent: smallint('parts_sent').notNull().default(0),
      nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
      confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true }),
      confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
      deliveredAt: timestamp('delivered_at', { withTimezone: true }),
      failedAt: timestamp('failed_at', { withTimezone: true }),
      failedReason: text('failed_reason'),
      doneAt: timestamp('done_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex('campaign_shippings_campaign_number_uq').on(t.campaignId, t.number),
      index('campaign_shippings_due_idx')
        .on(t.campaignId, t.nextAttemptAt, t.id)
        .where(sql`${t.doneAt} is null`),
      index('campaign_shippings_number_idx')
        .on(t.companyId, t.number)
        .where(sql`${t.confirmationRequestedAt} is not null and ${t.confirmedAt} is null`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** A company's campaign settings (spec 001 "Campaign setting keys"): one row per key, the value JSON. */
export const campaignSettings = campaignsDb
  .table(
    'campaign_settings',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      key: varchar('key', { length: 40 }).notNull(),
      value: jsonb('value').notNull(),
      ...timestamps(),
    },
    (t) => [uniqueIndex('campaign_settings_company_key_uq').on(t.companyId, t.key), tenantIsolationPolicy()],
  )
  .enableRLS();
