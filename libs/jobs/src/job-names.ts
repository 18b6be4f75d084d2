/**
 * Every BullMQ job of the platform: its name and its payload (CONVENTIONS: one enum with typed
 * payloads). A payload names the PostgreSQL row(s) the job works on and nothing the row already
 * holds: the row is the source of truth, read (and locked) when the job runs, so a job that runs
 * twice, late, or after the row changed does the right thing (see README, "Idempotent handlers").
 * The services that own these jobs may refine them as they are built.
 */
export enum JobName {
  /** campaigns: send a schedule at its sendAt. */
  ScheduleSend = 'schedule.send',
  /** campaigns: start the campaigns whose time came, plan the started ones, finish the done ones (repeatable). */
  CampaignsAdvance = 'campaigns.advance',
  /** campaigns: import an uploaded contact list file. */
  ContactListImport = 'contact-list.import',
  /** tickets: send a text the external API stored unsent (issue 15), in order per connection. */
  ExternalMessageSend = 'external-message.send',
  /** tickets: close the tickets left unanswered past their connection's inactivity time (repeatable). */
  TicketsInactivitySweep = 'tickets.inactivity-sweep',
  /** billing: issue the invoices that fall due (repeatable). */
  InvoicesIssue = 'invoices.issue',
  /** billing: ask Stripe about open invoices' charges (missed webhooks) and retry pending renewals (repeatable). */
  PaymentsRecover = 'payments.recover',
  /** ai: a flow's delay ended or its question timed out (issue 27), keyed by the ticket's walk step; runs as a turn of the ticket. */
  FlowTimer = 'flow.timer',
  /** identity: delete audit log entries older than AUDIT_LOG_RETENTION_DAYS (repeatable, docs/adr/023). */
  AuditLogsPurge = 'audit-logs.purge',
}

export interface JobPayloads {
  [JobName.ScheduleSend]: { companyId: number; scheduleId: number };
  [JobName.CampaignsAdvance]: Record<string, never>;
  [JobName.ContactListImport]: { companyId: number; contactListId: number; uploadId: string };
  [JobName.ExternalMessageSend]: { companyId: number; whatsappId: number; ticketId: number; messageId: number; closeTicket: boolean };
  [JobName.TicketsInactivitySweep]: Record<string, never>;
  [JobName.InvoicesIssue]: Record<string, never>;
  [JobName.PaymentsRecover]: Record<string, never>;
  [JobName.FlowTimer]: { companyId: number; ticketId: number; step: number; timer: 'delay' | 'timeout' };
  [JobName.AuditLogsPurge]: Record<string, never>;
}
