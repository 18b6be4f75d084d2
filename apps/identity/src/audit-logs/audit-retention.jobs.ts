import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { AuditLogsRepository } from './audit-logs.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The audit log's retention: a repeatable job (one replica per run) deletes the entries older
 * than AUDIT_LOG_RETENTION_DAYS through the owner's `purge_audit_logs` function, the only delete
 * the table allows. Running it twice deletes nothing more.
 */
@Injectable()
export class AuditRetentionJobs implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(AuditLogsRepository) private readonly logs: AuditLogsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.on(JobName.AuditLogsPurge, async () => void (await this.purge()));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.repeat('identity-audit-logs-purge', JobName.AuditLogsPurge, {}, { everyMs: this.config.AUDIT_LOG_PURGE_EVERY_MS });
  }

  async purge(now = new Date()): Promise<number> {
    const olderThan = new Date(now.getTime() - this.config.AUDIT_LOG_RETENTION_DAYS * DAY_MS);
    const removed = await this.database.asSystem((tx) => this.logs.purgeOlderThan(tx, olderThan));
    if (removed > 0) this.logger.info({ removed, olderThan }, 'audit log: entries past retention deleted');
    return removed;
  }
}
