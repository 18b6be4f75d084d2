import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Actor, IntegrationEvent } from '@atrium/contracts';
import { IntegrationEvents } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { ConnectionEvents } from '../shared/connection.events.js';
import type { SessionsDatabase } from '../shared/sessions-database.js';
import { toWhatsappView } from '../shared/whatsapp.view.js';
import { ConnectionsRepository } from './connections.repository.js';
import { QueueNames } from './queue-names.js';

/**
 * A prompt or a queue integration deleted in the ai service (durable `prompt.deleted` /
 * `queueIntegration.deleted`) leaves the connections that named it, each announced as an update
 * (the connections page, tickets' read model of connections). Idempotent: a redelivery finds no
 * connection naming it.
 */
@Injectable()
export class DeletedBotsConsumer implements OnModuleInit {
  constructor(
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(DATABASE) private readonly database: SessionsDatabase,
    @Inject(ConnectionsRepository) private readonly connections: ConnectionsRepository,
    @Inject(QueueNames) private readonly queueNames: QueueNames,
    @Inject(ConnectionEvents) private readonly events: ConnectionEvents,
  ) {}

  onModuleInit(): void {
    this.integration.on('prompt.deleted', (event) => this.clear(event, { promptId: event.payload.promptId }));
    this.integration.on('queueIntegration.deleted', (event) => this.clear(event, { integrationId: event.payload.integrationId }));
    this.integration.on('flow.deleted', (event) => this.clear(event, { flowId: event.payload.flowId }));
  }

  private async clear(
    event: IntegrationEvent<'prompt.deleted' | 'queueIntegration.deleted' | 'flow.deleted'>,
    bot: { promptId: number } | { integrationId: number } | { flowId: number },
  ): Promise<void> {
    const { companyId } = event;
    const drafts = await this.database.withTenant(companyId, async (tx) => {
      const rows = await this.connections.clearBot(tx, companyId, bot);
      const queues = await this.connections.queueIdsOf(
        tx,
        companyId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ row, queueIds: queues.get(row.id) ?? [], withToken: false }));
    });
    if (drafts.length === 0) return;
    const queuesOf = await this.queueNames.of(systemActor(companyId));
    for (const draft of drafts) this.events.updated(toWhatsappView(draft, queuesOf(draft.queueIds)));
  }
}

/** The company's admin view, for naming the connections' queues. */
const systemActor = (companyId: number): Actor => ({
  userId: 0,
  companyId,
  profile: 'admin',
  super: false,
  queueIds: [],
  allTicket: 'enabled',
  sessionId: `sessions-${companyId}`,
});
