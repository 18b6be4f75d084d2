import { Controller, Inject } from '@nestjs/common';
import {
  AuditLogExportPageDto,
  AuditLogQueryDto,
  ExportDownloadedDto,
  IdentitySubjects,
  type Actor,
  type AuditLogView,
  type Done,
  type Page,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { AuditLogsService } from './audit-logs.service.js';

@Controller()
export class AuditLogsController {
  constructor(@Inject(AuditLogsService) private readonly logs: AuditLogsService) {}

  @RpcHandler(IdentitySubjects.auditLogsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: AuditLogQueryDto }) query: AuditLogQueryDto): Promise<Page<AuditLogView>> {
    return this.logs.page(actor, query);
  }

  @RpcHandler(IdentitySubjects.auditLogsExportPage)
  exportPage(@RpcActor() actor: Actor, @RpcData({ dto: AuditLogExportPageDto }) query: AuditLogExportPageDto): Promise<AuditLogView[]> {
    return this.logs.exportPage(actor, query);
  }

  @RpcHandler(IdentitySubjects.auditLogsExported)
  async exported(@RpcActor() actor: Actor, @RpcData({ dto: ExportDownloadedDto }) dto: ExportDownloadedDto): Promise<Done> {
    await this.logs.exported(actor, dto);
    return { message: 'ok' };
  }
}
