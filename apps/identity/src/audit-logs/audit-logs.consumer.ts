import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { IntegrationEvent } from '@atrium/contracts';
import { IntegrationEvents } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { AuditLogsRepository } from './audit-logs.repository.js';

/**
 * Writes every service's `audit.recorded` events into `audit_logs` (identity's durable consumer,
 * acknowledged after the insert commits); a redelivery finds its event id taken and adds nothing.
 */
@Injectable()
export class AuditLogsConsumer implements OnModuleInit {
  constructor(
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(AuditLogsRepository) private readonly logs: AuditLogsRepository,
  ) {}

  onModuleInit(): void {
    this.integration.on('audit.recorded', (event) => this.store(event));
  }

  private async store(event: IntegrationEvent<'audit.recorded'>): Promise<void> {
    // asSystem: an entry without a company (a failed login with an unknown e-mail) is the platform's
    await this.database.asSystem((tx) => this.logs.insert(tx, event));
  }
}
