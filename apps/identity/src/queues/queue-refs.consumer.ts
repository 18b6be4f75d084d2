import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { IntegrationEvent, LiveEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus, IntegrationEvents, type PrefixedNatsClient } from '@atrium/messaging';
import { DATABASE, LOGGER, NATS_PROXY } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SessionUserLoader } from '../users/session-user.loader.js';
import { QueueRefsRepository } from './queue-refs.repository.js';

/**
 * Feeds `queue_refs` from the tickets service's live `queue` events (`events.<companyId>.queue`),
 * so user views name their queues. A deleted queue (the durable `queue.deleted` integration event,
 * handled once even when identity was down) also leaves its members' queues, and the live state
 * of those who are logged in follows at once.
 */
@Injectable()
export class QueueRefsConsumer implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(QueueRefsRepository) private readonly queues: QueueRefsRepository,
    @Inject(SessionUserLoader) private readonly sessionUsers: SessionUserLoader,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.integration.on('queue.deleted', (event) => this.dropQueue(event));
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = this.bus.subscribeTo('queue', (event) => {
      this.apply(event).catch((error: unknown) =>
        this.logger.warn({ err: error, companyId: event.companyId }, 'queue read model not updated'),
      );
    });
    await this.nats.unwrap<NatsConnection>().flush();
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  private async apply(event: LiveEvent<'queue'>): Promise<void> {
    const companyId = event.companyId;
    if (typeof companyId !== 'number' || companyId <= 0) return;
    const payload = event.payload;
    // a deletion is handled once, durably: dropQueue
    if (payload.action === 'delete') return;
    const { id, name, color } = payload.queue;
    await this.database.withTenant(companyId, (tx) => this.queues.upsert(tx, { id, companyId, name, color }));
  }

  /** Idempotent by construction: a redelivered event finds the queue gone and no member left in it. */
  private async dropQueue(event: IntegrationEvent<'queue.deleted'>): Promise<void> {
    const { companyId } = event;
    const members = await this.database.withTenant(companyId, (tx) => this.queues.delete(tx, companyId, event.payload.queueId));
    for (const userId of members) {
      const view = await this.database.withTenant(companyId, (tx) => this.sessionUsers.load(tx, companyId, userId));
      if (view) await this.actorStates.refresh(view);
    }
  }
}
