import {
  auditChanges,
  type Actor,
  type AuditAction,
  type AuditEntityType,
  type AuditFields,
  type AuditRecorded,
  type ClientInfo,
} from '@atrium/contracts';
import { currentClient } from '@atrium/logging';
import type { IntegrationOutbox, OutboxTx } from './integration-outbox.js';

/** One change or login event, as a service states it for the audit log. */
export interface AuditEntry {
  /** Who acted; null when nobody is logged in (a failed login, a reset by e-mailed link). */
  actor: Pick<Actor, 'userId'> | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | number | null;
  /** The record before the change (null or absent for a creation). Secrets are masked by field name. */
  before?: AuditFields | null;
  /** The record after the change (null or absent for a deletion). */
  after?: AuditFields | null;
  /** The caller's IP and user agent; by default those of the request being served (the gateway's). */
  client?: ClientInfo;
  /** Free text for facts without a user, e.g. the e-mail of a failed login. */
  detail?: string | null;
}

/**
 * The audit log's one entry point in every service (docs/adr/023-audit-log.md): `record` stages
 * an `audit.recorded` integration event in the change's own transaction, so the entry commits
 * with the change or not at all, and reaches identity's `audit_logs` through the outbox even
 * when the process dies right after the commit. Only the changed fields are kept, secrets masked.
 */
export class AuditTrail {
  constructor(private readonly outbox: IntegrationOutbox) {}

  async record(tx: OutboxTx, companyId: number, entry: AuditEntry): Promise<void> {
    const client = entry.client ?? currentClient() ?? {};
    const { before, after } = auditChanges(entry.before, entry.after);
    const payload: AuditRecorded = {
      userId: entry.actor?.userId ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before,
      after,
      ip: client.ip ?? null,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      detail: entry.detail ?? null,
    };
    await this.outbox.add(tx, 'audit.recorded', companyId, payload);
  }
}
