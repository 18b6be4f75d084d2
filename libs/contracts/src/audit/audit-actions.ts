/* The audit log's names, without dependencies: the web app imports them (docs/adr/023). */

/**
 * Every action the audit log records (docs/adr/023-audit-log.md), named `<entity>.<verb>`.
 * `2fa.*`: two-factor login switched on or off by its user, or reset by a super user.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.loginFailed',
  'auth.logout',
  'auth.passwordResetRequested',
  'auth.passwordReset',
  '2fa.enabled',
  '2fa.disabled',
  '2fa.reset',
  'user.created',
  'user.updated',
  'user.deleted',
  'queue.created',
  'queue.updated',
  'queue.deleted',
  'connection.created',
  'connection.updated',
  'connection.deleted',
  'setting.updated',
  'plan.created',
  'plan.updated',
  'plan.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'campaign.started',
  'campaign.cancelled',
  'prompt.created',
  'prompt.updated',
  'prompt.deleted',
  'integration.created',
  'integration.updated',
  'integration.deleted',
  'flow.published',
  'token.issued',
  'export.downloaded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What kind of record an entry is about (its `entityType`). */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'queue',
  'connection',
  'setting',
  'plan',
  'company',
  'campaign',
  'prompt',
  'integration',
  'flow',
  'token',
  'export',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
