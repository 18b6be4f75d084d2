import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { DomainEvent, IntegrationEvent, LiveEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus, IntegrationEvents, type PrefixedNatsClient } from '@atrium/messaging';
import { DATABASE, LOGGER, NATS_PROXY } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { CompanySettings } from '@atrium/kernel';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { refOf } from '../directory/directory.service.js';
import { DirectoryReconciler } from './directory-reconciler.js';

/**
 * Keeps the directory's read models up to date from other services' events: user names from
 * identity's durable `user.saved` integration event (one replica applies it, even one that was
 * down when the user was renamed), connections from the sessions service's live `whatsapp` and
 * `whatsappSession` events (every replica), and drops this replica's cached settings on
 * `settings` events. Once the service has started, the read models are reconciled with their
 * owners (DirectoryReconciler), which corrects a copy that drifted while the service was down.
 */
@Injectable()
export class DirectorySyncConsumer implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(DirectoryReconciler) private readonly reconciler: DirectoryReconciler,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.integration.on('user.saved', (event) => this.onUserSaved(event));
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = [
      this.bus.subscribeTo('whatsapp', (event) => this.apply(event, () => this.onWhatsapp(event))),
      this.bus.subscribeTo('whatsappSession', (event) => this.apply(event, () => this.onSession(event))),
      this.bus.subscribeTo('settings', (event) => this.apply(event, async () => this.settings.forget(event.companyId!))),
    ];
    await this.nats.unwrap<NatsConnection>().flush();
    this.reconciler.start();
  }

  /** The reconciliation in progress finishes before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.reconciler.stop();
  }

  onApplicationShutdown(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  private apply(event: DomainEvent, work: () => Promise<void>): void {
    if (typeof event.companyId !== 'number' || event.companyId <= 0) return;
    work().catch((error: unknown) =>
      this.logger.warn({ err: error, kind: event.kind, companyId: event.companyId }, 'read model not updated'),
    );
  }

  /** Idempotent: the same name written again. */
  private async onUserSaved(event: IntegrationEvent<'user.saved'>): Promise<void> {
    const { companyId } = event;
    const { id, name } = event.payload.user;
    await this.database.withTenant(companyId, (tx) => this.directory.upsertUsers(tx, [{ id, companyId, name }]));
  }

  private async onWhatsapp(event: LiveEvent<'whatsapp'>): Promise<void> {
    const payload = event.payload;
    const companyId = event.companyId!;
    await this.database.withTenant(companyId, async (tx) => {
      if (payload.action === 'delete') return this.directory.deleteWhatsapp(tx, companyId, payload.whatsappId);
      return this.directory.upsertWhatsapp(tx, { ...refOf(payload.whatsapp), companyId });
    });
  }

  private async onSession(event: LiveEvent<'whatsappSession'>): Promise<void> {
    const { session } = event.payload;
    await this.database.withTenant(event.companyId!, (tx) =>
      this.directory.upsertWhatsapp(tx, {
        id: session.id,
        companyId: event.companyId!,
        name: session.name,
        status: session.status,
        isDefault: session.isDefault,
        provider: session.provider,
      }),
    );
  }
}
