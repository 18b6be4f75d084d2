import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DomainEvent, QueueEventPayload } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus, type PrefixedNatsClient } from '@atrium/messaging';
import { DATABASE, LOGGER, NATS_PROXY } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { ActorStateWriter } from '../auth/actor-state.writer.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SessionUserLoader } from '../users/session-user.loader.js';
import { QueueRefsRepository } from './queue-refs.repository.js';

/**
 * Feeds `queue_refs` from the tickets service's `queue` events (`events.<companyId>.queue`), so
 * user views name their queues. A deleted queue also leaves its members' queues, and the live
 * state of those who are logged in follows at once.
 */
@Injectable()
export class QueueRefsSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(QueueRefsRepository) private readonly queues: QueueRefsRepository,
    @Inject(SessionUserLoader) private readonly sessionUsers: SessionUserLoader,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = this.bus.subscribe('events.*.queue', (event) => {
      this.apply(event as DomainEvent<QueueEventPayload>).catch((error: unknown) =>
        this.logger.warn({ err: error, companyId: event.companyId }, 'queue read model not updated'),
      );
    });
    await this.nats.unwrap<NatsConnection>().flush();
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  private async apply(event: DomainEvent<QueueEventPayload>): Promise<void> {
    const companyId = event.companyId;
    if (typeof companyId !== 'number' || companyId <= 0) return;
    const payload = event.payload;
    if (payload.action !== 'delete') {
      const { id, name, color } = payload.queue;
      await this.database.withTenant(companyId, (tx) => this.queues.upsert(tx, { id, companyId, name, color }));
      return;
    }
    const members = await this.database.withTenant(companyId, (tx) => this.queues.delete(tx, companyId, payload.queueId));
    for (const userId of members) {
      const view = await this.database.withTenant(companyId, (tx) => this.sessionUsers.load(tx, companyId, userId));
      if (view) await this.actorStates.refresh(view);
    }
  }
}
