import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type CreateTicketDto,
  type TicketsPageView,
  type TicketsQueryDto,
  type TicketView,
  type UpdateTicketDto,
} from '@atrium/contracts';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import { hasMore } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { assertCanSee } from './ticket-access.js';
import { TicketViews } from './ticket-views.js';
import { toTicketView } from './ticket.view.js';
import { sharedListFilter } from './ticket-list-filter.js';
import { TicketsRepository, type TicketListFilter } from './tickets.repository.js';
import { CreateTicket } from './use-cases/create-ticket.js';
import { DeleteTicket } from './use-cases/delete-ticket.js';
import { TransitionTicket } from './use-cases/transition-ticket.js';

/** Tickets (spec 000 sections 4 to 7): lists by visibility; creation, the status transitions and deletion are use cases of their own (`use-cases/`). */
@Injectable()
export class TicketsService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(CreateTicket) private readonly creating: CreateTicket,
    @Inject(TransitionTicket) private readonly transition: TransitionTicket,
    @Inject(DeleteTicket) private readonly deleting: DeleteTicket,
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

  /** A ticket an agent starts (CreateTicket). */
  create(actor: Actor, dto: CreateTicketDto): Promise<TicketView> {
    return this.creating.create(actor, dto);
  }

  /** Every transition of spec 000 section 4 (TransitionTicket). */
  update(actor: Actor, id: number, dto: UpdateTicketDto): Promise<TicketView> {
    return this.transition.update(actor, id, dto);
  }

  /** Deletes the ticket with its messages, admins only (DeleteTicket). */
  delete(actor: Actor, id: number): Promise<{ message: string }> {
    return this.deleting.delete(actor, id);
  }
}
