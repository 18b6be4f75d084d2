import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { outboxTable, tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { ScheduleStatus, TemplateSend } from '@atrium/contracts';
import { campaignsDb } from './campaigns-db.js';
import { campaignSettings, campaignShippings, campaigns } from './campaigns.schema.js';

import { contactListImports, contactListItems, contactLists } from './contact-lists.schema.js';
import { fileListOptions, fileLists } from './file-lists.schema.js';

export { campaignsDb } from './campaigns-db.js';
export * from './campaigns.schema.js';
export * from './contact-lists.schema.js';
export * from './file-lists.schema.js';

/**
 * A message an agent scheduled for a contact (spec 000 "schedule modal"). The row is the truth
 * the send job reads: PENDENTE on create, AGENDADA once its job is queued, ENVIADA with `sentAt`,
 * or ERRO with `errorReason`. `contactId`, `userId` and `whatsappId` name rows of other services
 * (tickets, identity, sessions), checked over NATS, so no foreign keys.
 */
export const schedules = campaignsDb
  .table(
    'schedules',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      contactId: integer('contact_id').notNull(),
      userId: integer('user_id'),
      whatsappId: integer('whatsapp_id'),
      body: text('body').notNull(),
      sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
      sentAt: timestamp('sent_at', { withTimezone: true }),
      status: varchar('status', { length: 20 }).$type<ScheduleStatus>().notNull().default('PENDENTE'),
      errorReason: text('error_reason'),
      /** Sent after its sendAt had passed by more than the grace (the service was down). */
      sentLate: boolean('sent_late').notNull().default(false),
      mediaPath: text('media_path'),
      mediaName: text('media_name'),
      /** A Cloud API connection's approved template sent instead of the body when the window is closed (issue 26). */
      template: jsonb('template').$type<TemplateSend>(),
      ...timestamps(),
    },
    (t) => [
      index('schedules_company_send_at_idx').on(t.companyId, t.sendAt, t.id),
      index('schedules_contact_idx').on(t.companyId, t.contactId),
      index('schedules_due_idx')
        .on(t.sendAt)
        .where(sql`${t.sentAt} is null and ${t.status} in ('PENDENTE', 'AGENDADA')`),
      tenantIsolationPolicy(),
    ],
  )
  .enableRLS();

/** Integration events the campaigns service states (audit entries of campaigns started or cancelled), relayed after commit (docs/adr/006, 022). */
export const outbox = outboxTable(campaignsDb);

export const campaignsSchema = {
  outbox,
  schedules,
  campaigns,
  campaignShippings,
  campaignSettings,
  contactLists,
  contactListItems,
  contactListImports,
  fileLists,
  fileListOptions,
};

export type CampaignsSchema = typeof campaignsSchema;
