import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  isAdmin,
  type Actor,
  type CreateTicketDto,
  type TicketBotReleased,
  type TicketsPageView,
  type TicketsQueryDto,
  type TicketView,
  type UpdateTicketDto,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { requireAiReferences, RpcClient } from '@atrium/messaging';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import { hasMore, requireAdmin } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import type { TicketsConfig } from '../config.js';
import { DirectoryService, preferredConnection } from '../directory/directory.service.js';
import { MediaFiles } from '../media/media-files.js';
import { MediaReferencesRepository } from '../media/media-references.repository.js';
import { scopeOf, TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { assertCanSee } from './ticket-access.js';
import { planTransition, type Transition, type TransitionKind } from './ticket-transition.js';
import { BotRelease } from './bot-release.js';
import { TicketTransitionListeners } from './transition-listeners.js';
import { TicketViews } from './ticket-views.js';
import { toTicketView } from './ticket.view.js';
import { sharedListFilter } from './ticket-list-filter.js';
import { ONE_ACTIVE_TICKET_PER_CONTACT, TicketsRepository, type TicketListFilter } from './tickets.repository.js';

/** Transitions after which people, not a bot, have the ticket: the reason `ticket.botReleased` gives. */
const PEOPLE_TAKE_OVER: Partial<Record<TransitionKind, TicketBotReleased['reason']>> = {
  accept: 'accepted',
  transfer: 'transferred',
  resolve: 'closed',
  reopen: 'accepted',
};

/** Tickets (spec 000 sections 4 to 7): lists by visibility, the status transitions, creation and deletion. */
@Injectable()
export class TicketsService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(MediaReferencesRepository) private readonly mediaReferences: MediaReferencesRepository,
    @Inject(MediaFiles) private readonly media: MediaFiles,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(TicketTransitionListeners) private readonly transitions: TicketTransitionListeners,
    @Inject(BotRelease) private readonly botRelease: BotRelease,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  page(actor: Actor, query: TicketsQueryDto): Promise<TicketsPageView> {
    const filter: TicketListFilter = {
      ...sharedListFilter(actor, query, this.config.TIME_ZONE),
      status: query.status,
      showAll: query.showAll === true,
    };
    return this.database.withTenant(actor.companyId, async (tx) => {
      const { records, count } = await this.tickets.page(tx, actor.companyId, filter, query.pageNumber);
      return { tickets: records.map(toTicketView), count, hasMore: hasMore(query.pageNumber, PAGE_SIZES.tickets, records.length, count) };
    });
  }

  show(actor: Actor, id: number): Promise<TicketView> {
    return this.database.withTenant(actor.companyId, (tx) => this.views.visible(tx, actor, id));
  }

  showByUuid(actor: Actor, uuid: string): Promise<TicketView> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) throw new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
    return this.database.withTenant(actor.companyId, async (tx) => {
      const ticket = assertCanSee(actor, await this.tickets.findByUuid(tx, actor.companyId, uuid));
      return this.views.one(tx, actor.companyId, ticket.id);
    });
  }

  /**
   * A ticket an agent starts (the new-ticket modal): open for the given (or acting) agent, or
   * pending. A contact with an open or pending ticket on the connection gets ERR_OTHER_OPEN_TICKET
   * carrying that ticket in the error's `data` (spec 000 section 7).
   */
  async create(actor: Actor, dto: CreateTicketDto): Promise<TicketView> {
    if (!isAdmin(actor) && !dto.queueId) throw new AppError(ErrorCode.ERR_QUEUE_REQUIRED);
    if (dto.status === 'closed') {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'status', messages: ['a new ticket is open or pending'] }] });
    }
    const status = dto.status ?? (dto.userId === null ? 'pending' : 'open');
    const userId = status === 'open' ? (dto.userId ?? actor.userId) : (dto.userId ?? null);
    if (userId !== null) await this.directory.requireUsers(actor, [userId]);
    const connections = await this.directory.connections(actor);
    const connection = dto.whatsappId ? connections.find((c) => c.id === dto.whatsappId) : preferredConnection(connections);
    if (!connection) throw new AppError(dto.whatsappId ? ErrorCode.ERR_NO_WAPP_FOUND : ErrorCode.ERR_NO_DEF_WAPP_FOUND);

    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      const contact = await this.contacts.findById(tx, actor.companyId, dto.contactId);
      if (!contact) throw new AppError(ErrorCode.ERR_NO_CONTACT_FOUND);
      if (dto.queueId && !(await this.tickets.queueExists(tx, actor.companyId, dto.queueId)))
        throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
      const row = await this.tickets.insertIfNoActive(tx, {
        companyId: actor.companyId,
        contactId: contact.id,
        whatsappId: connection.id,
        queueId: dto.queueId ?? null,
        userId,
        status,
        isGroup: contact.isGroup,
      });
      if (!row) return undefined;
      return this.views.one(tx, actor.companyId, row.id);
    });
    if (!view) throw await this.otherOpenTicket(actor.companyId, dto.contactId, connection.id);
    this.events.ticketUpdated(view);
    return view;
  }

  /** Every transition of spec 000 section 4; see planTransition. */
  async update(actor: Actor, id: number, dto: UpdateTicketDto): Promise<TicketView> {
    await requireAiReferences(this.rpc, actor, { promptId: dto.promptId, integrationId: dto.integrationId });
    await this.directory.requireUsers(actor, [dto.userId ?? actor.userId]);
    let change: { transition: Transition; before: TicketView; after: TicketView };
    try {
      change = await this.database.withTenant(actor.companyId, async (tx) => {
        const current = assertCanSee(actor, await this.tickets.lockById(tx, actor.companyId, id));
        if (dto.queueId && !(await this.tickets.queueExists(tx, actor.companyId, dto.queueId)))
          throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
        const before = await this.views.one(tx, actor.companyId, id);
        const transition = planTransition(current, dto, actor.userId);
        const releasedAs = PEOPLE_TAKE_OVER[transition.kind];
        await this.tickets.update(tx, actor.companyId, id, { ...transition.next, ...(releasedAs && { chatbot: false }) });
        if (releasedAs) await this.botRelease.release(tx, actor.companyId, id, releasedAs);
        return { transition, before, after: await this.views.one(tx, actor.companyId, id) };
      });
    } catch (error) {
      if (!isUniqueViolation(error, ONE_ACTIVE_TICKET_PER_CONTACT)) throw error;
      const ticket = await this.show(actor, id);
      throw await this.otherOpenTicket(actor.companyId, ticket.contactId, ticket.whatsappId);
    }
    this.events.ticketUpdated(change.after, scopeOf(change.before));
    await this.transitions.committed(change);
    return change.after;
  }

  /**
   * Deletes the ticket with its messages (admins only). The ticket's row is locked first, so no
   * message joins it unseen; after the commit its viewers are told and its messages' stored files
   * that no other message carries are removed.
   */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    const { companyId } = actor;
    const deleted = await this.database.withTenant(companyId, async (tx) => {
      if (!(await this.tickets.lockById(tx, companyId, id))) return undefined;
      const media = await this.mediaReferences.ofMessages(tx, companyId, { ticketId: id });
      const row = await this.tickets.delete(tx, companyId, id);
      return row ? { row, media } : undefined;
    });
    if (!deleted) throw new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
    this.events.ticketDeleted(companyId, id, scopeOf(deleted.row));
    await this.media.removeUnreferenced(companyId, deleted.media);
    return { message: 'ticket deleted' };
  }

  private async otherOpenTicket(companyId: number, contactId: number, whatsappId: number | null): Promise<AppError> {
    const existing = await this.database.withTenant(companyId, async (tx: TicketsTx) => {
      const row = await this.tickets.findActive(tx, companyId, contactId, whatsappId);
      return row ? this.views.one(tx, companyId, row.id) : undefined;
    });
    return new AppError(ErrorCode.ERR_OTHER_OPEN_TICKET, { data: existing });
  }
}
