import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DomainEvent, UserView, WhatsappEventPayload, WhatsappSessionEventPayload } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus, type PrefixedNatsClient } from '@atrium/messaging';
import { DATABASE, LOGGER, NATS_PROXY } from '@atrium/service-kit';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketsEvents } from '../shared/tickets-events.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { CompanySettings } from './company-settings.js';
import { DirectoryRepository } from './directory.repository.js';

type UserEventPayload = { action: 'create' | 'update'; user: UserView } | { action: 'delete'; userId: number };

/**
 * Keeps the read models up to date from other services' live events: user names (identity's
 * `user` events; a deleted user's open tickets go back to their queues), connections (sessions' `whatsapp` and `whatsappSession` events), and drops
 * cached settings on `settings` events. Every replica listens (no queue group): each keeps its own cache.
 */
@Injectable()
export class DirectorySync implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = [
      this.bus.subscribe('events.*.user', (event) => this.apply(event, () => this.onUser(event as DomainEvent<UserEventPayload>))),
      this.bus.subscribe('events.*.whatsapp', (event) => this.apply(event, () => this.onWhatsapp(event as DomainEvent<WhatsappEventPayload>))),
      this.bus.subscribe('events.*.whatsappSession', (event) =>
        this.apply(event, () => this.onSession(event as DomainEvent<WhatsappSessionEventPayload>)),
      ),
      this.bus.subscribe('events.*.settings', (event) => this.apply(event, async () => this.settings.forget(event.companyId!))),
    ];
    await this.nats.unwrap<NatsConnection>().flush();
  }

  onApplicationShutdown(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  private apply(event: DomainEvent, work: () => Promise<void>): void {
    if (typeof event.companyId !== 'number' || event.companyId <= 0) return;
    work().catch((error: unknown) => this.logger.warn({ err: error, kind: event.kind, companyId: event.companyId }, 'read model not updated'));
  }

  private async onUser(event: DomainEvent<UserEventPayload>): Promise<void> {
    const payload = event.payload;
    // the name stays for the history of the tickets the user handled
    if (payload.action === 'delete') return this.releaseTicketsOf(event.companyId!, payload.userId);
    await this.database.withTenant(event.companyId!, (tx) =>
      this.directory.upsertUsers(tx, [{ id: payload.user.id, companyId: event.companyId!, name: payload.user.name }]),
    );
  }

  /**
   * A deleted user's open tickets go back to their queues as pending, for the queues' agents to
   * accept. Every replica hears the event; the first to commit moves them, the others find none.
   */
  private async releaseTicketsOf(companyId: number, userId: number): Promise<void> {
    const released = await this.database.withTenant(companyId, async (tx) => {
      const ids = await this.tickets.releaseOpenOfUser(tx, companyId, userId);
      return ids.length === 0 ? [] : this.views.many(tx, companyId, ids);
    });
    for (const ticket of released) this.events.ticketUpdated(ticket, { queueId: ticket.queueId, userId, status: 'open' });
  }

  private async onWhatsapp(event: DomainEvent<WhatsappEventPayload>): Promise<void> {
    const payload = event.payload;
    const companyId = event.companyId!;
    await this.database.withTenant(companyId, async (tx) => {
      if (payload.action === 'delete') return this.directory.deleteWhatsapp(tx, companyId, payload.whatsappId);
      const { whatsapp } = payload;
      return this.directory.upsertWhatsapp(tx, {
        id: whatsapp.id,
        companyId,
        name: whatsapp.name,
        status: whatsapp.status,
        isDefault: whatsapp.isDefault,
        queueIds: whatsapp.queueIds,
      });
    });
  }

  private async onSession(event: DomainEvent<WhatsappSessionEventPayload>): Promise<void> {
    const { session } = event.payload;
    await this.database.withTenant(event.companyId!, (tx) =>
      this.directory.upsertWhatsapp(tx, { id: session.id, companyId: event.companyId!, name: session.name, status: session.status, isDefault: session.isDefault }),
    );
  }
}
