import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { DomainEvent, IntegrationEvent, LiveEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus, IntegrationEvents, type PrefixedNatsClient } from '@atrium/messaging';
import { DATABASE, LOGGER, NATS_PROXY } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { CompanySettings } from '@atrium/kernel';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { refOf } from '../directory/directory.service.js';

/**
 * Keeps the read models up to date from other services' live events: user names (identity's
 * `user` events), connections (sessions' `whatsapp` and `whatsappSession` events), and drops
 * cached settings on `settings` events. Every replica listens (no queue group): each keeps its own cache.
 * A deleted user's open tickets go back to their queues on the durable `user.deleted` integration
 * event (one replica handles it, even one that was down when the user was deleted).
 */
@Injectable()
export class DirectorySyncConsumer implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.integration.on('user.deleted', (event) => this.releaseTicketsOf(event));
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = [
      this.bus.subscribeTo('user', (event) => this.apply(event, () => this.onUser(event))),
      this.bus.subscribeTo('whatsapp', (event) => this.apply(event, () => this.onWhatsapp(event))),
      this.bus.subscribeTo('whatsappSession', (event) => this.apply(event, () => this.onSession(event))),
      this.bus.subscribeTo('settings', (event) => this.apply(event, async () => this.settings.forget(event.companyId!))),
    ];
    await this.nats.unwrap<NatsConnection>().flush();
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

  private async onUser(event: LiveEvent<'user'>): Promise<void> {
    const payload = event.payload;
    // the name stays for the history of the tickets the user handled; their tickets: releaseTicketsOf
    if (payload.action === 'delete') return;
    await this.database.withTenant(event.companyId!, (tx) =>
      this.directory.upsertUsers(tx, [{ id: payload.user.id, companyId: event.companyId!, name: payload.user.name }]),
    );
  }

  /**
   * A deleted user's open tickets go back to their queues as pending, for the queues' agents to
   * accept. Idempotent by construction: a redelivered event finds no open ticket of that user.
   */
  private async releaseTicketsOf(event: IntegrationEvent<'user.deleted'>): Promise<void> {
    const { companyId } = event;
    const { userId } = event.payload;
    const released = await this.database.withTenant(companyId, async (tx) => {
      const ids = await this.tickets.releaseOpenOfUser(tx, companyId, userId);
      return ids.length === 0 ? [] : this.views.many(tx, companyId, ids);
    });
    for (const ticket of released) this.events.ticketUpdated(ticket, { queueId: ticket.queueId, userId, status: 'open' });
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
