import { Inject, Injectable } from '@nestjs/common';
import type { Actor, AuditLogExportPageDto, AuditLogQueryDto, AuditLogView, ExportDownloadedDto, Page } from '@atrium/contracts';
import { pageOffset, requireAdmin, toPage } from '@atrium/kernel';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { AuditLogsRepository, type AuditLogFilters } from './audit-logs.repository.js';

/** Entries per batch of the CSV export. */
export const EXPORT_BATCH = 500;

/**
 * Reading the audit log: a company's admins read their company's entries (inside its tenant, so
 * row-level security holds too), super users any company's, or all of them.
 */
@Injectable()
export class AuditLogsService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(AuditLogsRepository) private readonly logs: AuditLogsRepository,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  page(actor: Actor, query: AuditLogQueryDto): Promise<Page<AuditLogView>> {
    const pageNumber = query.pageNumber ?? 1;
    return this.read(actor, query, async (tx, filters) => {
      const { rows, count } = await this.logs.page(tx, filters, PAGE_SIZE, pageOffset(pageNumber, PAGE_SIZE));
      return toPage(rows, count, pageNumber, PAGE_SIZE);
    });
  }

  exportPage(actor: Actor, query: AuditLogExportPageDto): Promise<AuditLogView[]> {
    return this.read(actor, query, (tx, filters) => this.logs.after(tx, filters, query.afterId, EXPORT_BATCH));
  }

  /** An export was downloaded: an entry of its own (with the filters used). */
  async exported(actor: Actor, dto: ExportDownloadedDto): Promise<void> {
    await this.database.withTenant(actor.companyId, (tx) =>
      this.audit.record(tx, actor.companyId, {
        actor,
        action: 'export.downloaded',
        entityType: 'export',
        entityId: dto.what,
        after: { what: dto.what, ...(dto.filters && { filters: dto.filters }) },
      }),
    );
  }

  private read<T>(actor: Actor, query: AuditLogQueryDto, fn: (tx: IdentityTx, filters: AuditLogFilters) => Promise<T>): Promise<T> {
    requireAdmin(actor);
    const { pageNumber: _page, companyId, ...filters } = query;
    if (actor.super) return this.database.asSystem((tx) => fn(tx, { ...filters, companyId }));
    return this.database.withTenant(actor.companyId, (tx) => fn(tx, { ...filters, companyId: actor.companyId }));
  }
}
