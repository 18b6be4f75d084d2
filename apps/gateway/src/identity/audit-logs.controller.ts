import { Controller, Get, Inject, Query, StreamableFile } from '@nestjs/common';
import { AuditLogQueryDto, IdentitySubjects, type ActorState, type AuditLogView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { auditLogsCsv } from './audit-logs-csv.js';

/**
 * The audit log (docs/adr/023-audit-log.md): a company's admins read their company's entries,
 * super users any company's (`companyId`) or all. Filters: user, action, entity, date range.
 */
@Controller('audit-logs')
@RequiresPermission('audit-log:view')
export class AuditLogsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  async page(
    @CurrentActor() actor: ActorState,
    @Query() query: AuditLogQueryDto,
  ): Promise<{ auditLogs: AuditLogView[]; count: number; hasMore: boolean }> {
    const page = await this.rpc.request(IdentitySubjects.auditLogsPage, query, { actor });
    return { auditLogs: page.records, count: page.count, hasMore: page.hasMore };
  }

  /** The filtered entries as CSV, oldest first, streamed; the download is itself an entry (`export.downloaded`). */
  @Get('export')
  async export(@CurrentActor() actor: ActorState, @Query() query: AuditLogQueryDto): Promise<StreamableFile> {
    const { pageNumber: _page, ...filters } = query;
    const stream = await auditLogsCsv((afterId) =>
      this.rpc.request(IdentitySubjects.auditLogsExportPage, { ...filters, afterId }, { actor }),
    );
    await this.rpc.request(IdentitySubjects.auditLogsExported, { what: 'audit-logs', filters: { ...filters } }, { actor });
    return new StreamableFile(stream, { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="audit-logs.csv"' });
  }
}
