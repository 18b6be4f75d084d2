import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogQueryDto, AuditLogView, AuditRecorded, IntegrationEvent } from '@atrium/contracts';
import { auditLogs, users } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

export type AuditLogFilters = Omit<AuditLogQueryDto, 'pageNumber' | 'companyId'> & {
  /** The company whose entries are read; undefined reads every company's (super users). */
  companyId?: number;
};

type AuditLogRow = typeof auditLogs.$inferSelect;

function toView(row: AuditLogRow): AuditLogView {
  return {
    id: row.id,
    companyId: row.companyId ?? 0,
    userId: row.userId,
    userName: row.userName,
    action: row.action as AuditLogView['action'],
    entityType: row.entityType as AuditLogView['entityType'],
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A bare date (`2026-12-07`) as `to` includes that whole day. */
function endOf(to: string): Date {
  const date = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(date.getTime() + 24 * 3600 * 1000) : new Date(date.getTime() + 1);
}

/** The audit log's SQL (docs/adr/023): insert once per event, read by filters; never update or delete. */
@Injectable()
export class AuditLogsRepository {
  /** Idempotent by event id: a redelivered event inserts nothing. The actor's name is kept as it was. */
  async insert(tx: IdentityTx, event: IntegrationEvent<'audit.recorded'>): Promise<void> {
    const entry: AuditRecorded = event.payload;
    const [actor] = entry.userId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, entry.userId)) : [];
    await tx
      .insert(auditLogs)
      .values({
        eventId: event.id,
        companyId: event.companyId > 0 ? event.companyId : null,
        userId: entry.userId,
        userName: actor?.name ?? null,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        before: entry.before,
        after: entry.after,
        ip: entry.ip?.slice(0, 64) ?? null,
        userAgent: entry.userAgent?.slice(0, 300) ?? null,
        detail: entry.detail?.slice(0, 300) ?? null,
        createdAt: new Date(event.occurredAt),
      })
      .onConflictDoNothing({ target: auditLogs.eventId });
  }

  async page(tx: IdentityTx, filters: AuditLogFilters, limit: number, offset: number): Promise<{ rows: AuditLogView[]; count: number }> {
    const where = this.where(filters);
    const rows = await tx
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit)
      .offset(offset);
    const [total] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(where);
    return { rows: rows.map(toView), count: total?.count ?? 0 };
  }

  /** Entries with ids above `afterId`, oldest first (the CSV export's batches). */
  async after(tx: IdentityTx, filters: AuditLogFilters, afterId: number, limit: number): Promise<AuditLogView[]> {
    const rows = await tx
      .select()
      .from(auditLogs)
      .where(and(this.where(filters), gt(auditLogs.id, afterId)))
      .orderBy(asc(auditLogs.id))
      .limit(limit);
    return rows.map(toView);
  }

  /** Retention: the one way rows leave the table, through the owner's SECURITY DEFINER function. */
  async purgeOlderThan(tx: IdentityTx, olderThan: Date): Promise<number> {
    const result = await tx.execute<{ removed: number }>(
      sql`select identity.purge_audit_logs(${olderThan.toISOString()}::timestamptz) as removed`,
    );
    return Number(result.rows[0]?.removed ?? 0);
  }

  private where(filters: AuditLogFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      filters.companyId !== undefined ? eq(auditLogs.companyId, filters.companyId) : undefined,
      filters.userId !== undefined ? eq(auditLogs.userId, filters.userId) : undefined,
      filters.action ? eq(auditLogs.action, filters.action) : undefined,
      filters.entityType ? eq(auditLogs.entityType, filters.entityType) : undefined,
      filters.entityId ? eq(auditLogs.entityId, filters.entityId) : undefined,
      filters.from ? gte(auditLogs.createdAt, new Date(filters.from)) : undefined,
      filters.to ? lt(auditLogs.createdAt, endOf(filters.to)) : undefined,
    ];
    return and(...conditions.filter((c): c is SQL => c !== undefined));
  }
}
