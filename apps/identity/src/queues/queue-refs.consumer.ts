import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { TicketsSubjects, type IntegrationEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { allPages, IntegrationEvents, ReadModelReconciliation, RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SessionUserLoader } from '../users/session-user.loader.js';
import { QueueRefsRepository } from './queue-refs.repository.js';

/** How long the tickets service has to answer one page of queues. */
const PAGE_TIMEOUT_MS = 10_000;

/**
 * Feeds `queue_refs` from the tickets service's durable `queue.saved` integration event, so user
 * views name their queues (one replica applies it, even one that was down when the queue was
 * renamed). A deleted queue (`queue.deleted`) also leaves its members' queues, and the live state
 * of those who are logged in follows at once. Once identity has started, the read model is
 * reconciled with the tickets service's queues (libs/contracts read-models.ts): a copy that
 * drifted is corrected, a queue the owner no longer has is forgotten.
 */
@Injectable()
export class QueueRefsConsumer implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly reconciliation: ReadModelReconciliation;

  constructor(
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(QueueRefsRepository) private readonly queues: QueueRefsRepository,
    @Inject(SessionUserLoader) private readonly sessionUsers: SessionUserLoader,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.reconciliation = new ReadModelReconciliation({ name: 'queue_refs', reconcile: () => this.reconcile(), logger });
  }

  onModuleInit(): void {
    this.integration.on('queue.saved', (event) => this.saveQueue(event));
    this.integration.on('queue.deleted', (event) => this.dropQueue(event));
  }

  onApplicationBootstrap(): void {
    this.reconciliation.start();
  }

  /** The reconciliation in progress finishes before the database closes. */
  beforeApplicationShutdown(): Promise<void> {
    return this.reconciliation.stop();
  }

  /** Idempotent: the same name and colour written again. */
  private async saveQueue(event: IntegrationEvent<'queue.saved'>): Promise<void> {
    const { companyId } = event;
    const { id, name, color } = event.payload.queue;
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

  /**
   * Upserts the tickets service's queues and forgets those it no longer has; a copy written after
   * the reconciliation began is left alone (it came from an event at least as new as the answer).
   */
  async reconcile(): Promise<void> {
    const since = await this.database.asSystem((tx) => this.queues.now(tx));
    const pages = await allPages((afterId) => this.rpc.request(TicketsSubjects.queuesRefs, { afterId }, { timeoutMs: PAGE_TIMEOUT_MS }));
    await this.database.asSystem((tx) => this.queues.reconcile(tx, pages, since));
  }
}
