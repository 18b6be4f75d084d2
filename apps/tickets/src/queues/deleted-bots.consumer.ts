import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { IntegrationEvent } from '@atrium/contracts';
import { IntegrationEvents } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { toQueueView } from './queue.view.js';
import { QueuesRepository } from './queues.repository.js';

/**
 * A prompt or a queue integration deleted in the ai service (durable `prompt.deleted` /
 * `queueIntegration.deleted`) leaves the queues that named it, each announced as an update
 * (queue pages, identity's and sessions' read models). Idempotent: a redelivery finds no queue naming it.
 */
@Injectable()
export class DeletedBotsConsumer implements OnModuleInit {
  constructor(
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(QueuesRepository) private readonly queues: QueuesRepository,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
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
    const changed = await this.database.withTenant(companyId, (tx) => this.queues.clearBot(tx, companyId, bot));
    for (const row of changed) this.events.queueSaved('update', toQueueView(row));
  }
}
