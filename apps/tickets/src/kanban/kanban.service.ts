import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type KanbanQueryDto, type KanbanTicketsView, type TicketView } from '@atrium/contracts';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { sharedListFilter } from '../tickets/ticket-list-filter.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { assertCanSee } from '../tickets/ticket-access.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { KanbanRepository } from './kanban.repository.js';

/**
 * The kanban board (spec 001 "Kanban"): the open and pending tickets a user may see, and moves
 * between lanes (a lane is a tag with kanban 1). Every move is checked like any ticket route
 * (the ticket's company and queue) and announced as the ticket's `update`, so boards and lists
 * follow live.
 */
@Injectable()
export class KanbanService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(KanbanRepository) private readonly kanban: KanbanRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  board(actor: Actor, query: KanbanQueryDto): Promise<KanbanTicketsView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const ids = await this.kanban.ticketIds(tx, actor.companyId, {
        ...sharedListFilter(actor, query, this.config.TIME_ZONE),
        status: query.status,
      });
      return { tickets: await this.views.many(tx, actor.companyId, ids) };
    });
  }

  /** `PUT /ticket-tags/{ticketId}/{tagId}`: the tag must be a kanban lane of the ticket's company. */
  addTag(actor: Actor, ticketId: number, tagId: number): Promise<TicketView> {
    return this.changeTags(actor, ticketId, async (tx) => {
      if (!(await this.kanban.findKanbanTag(tx, actor.companyId, tagId))) throw new AppError(ErrorCode.ERR_NO_TAG_FOUND);
      await this.kanban.link(tx, actor.companyId, ticketId, tagId);
    });
  }

  /** `DELETE /ticket-tags/{ticketId}`: the ticket leaves its kanban lanes; its other tags stay. */
  removeTags(actor: Actor, ticketId: number): Promise<TicketView> {
    return this.changeTags(actor, ticketId, (tx) => this.kanban.unlinkKanbanTags(tx, actor.companyId, ticketId));
  }

  private async changeTags(actor: Actor, ticketId: number, change: (tx: TicketsTx) => Promise<void>): Promise<TicketView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      assertCanSee(actor, await this.tickets.lockById(tx, actor.companyId, ticketId));
      await change(tx);
      return this.views.one(tx, actor.companyId, ticketId);
    });
    this.events.ticketUpdated(view);
    return view;
  }
}
