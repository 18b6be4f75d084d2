import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { AuditLogsConsumer } from './audit-logs.consumer.js';
import { AuditLogsController } from './audit-logs.controller.js';
import { AuditLogsRepository } from './audit-logs.repository.js';
import { AuditLogsService } from './audit-logs.service.js';
import { AuditRetentionJobs } from './audit-retention.jobs.js';

/** The audit log (docs/adr/023): every service's `audit.recorded` events, GET /audit-logs, its export and retention. */
@Module({
  imports: [SharedModule],
  controllers: [AuditLogsController],
  providers: [AuditLogsRepository, AuditLogsConsumer, AuditLogsService, AuditRetentionJobs],
})
export class AuditLogsModule {}
