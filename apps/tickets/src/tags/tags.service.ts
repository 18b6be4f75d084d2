import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  isAdmin,
  type Actor,
  type TagDto,
  type TagsPageView,
  type TagsQueryDto,
  type TagSyncDto,
  type TagView,
  type TicketView,
  type UpdateTagDto,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { DATABASE } from '@atrium/service-kit';
import { hasMore } from '@atrium/kernel';
import { DirectoryService } from '../directory/directory.service.js';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { assertCanSee } from '../tickets/ticket-access.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { TAG_NAME_UNIQUE, TagsRepository, type TagRow } from './tags.repository.js';

/** A colour for tags created by name only (the ticket's tag picker). */
export const DEFAULT_TAG_COLOR = '#A4CCCC';

/** Only admins and supervisors may make a tag a kanban lane (spec 001 section 6). */
function mayUseKanban(actor: Actor): boolean {
  return isAdmin(actor) || actor.profile === 'supervisor';
}

/** Tags (spec 001 "Tags") and the tags of a ticket (spec 000, POST /tags/sync). */
@Injectable()
export class TagsService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TagsRepository) private readonly tags: TagsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  /** The tags page: searched, 20 a page, with each tag's ticket count. */
  page(actor: Actor, query: TagsQueryDto): Promise<TagsPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const { rows, count } = await this.tags.page(tx, actor.companyId, query.searchParam, query.pageNumber);
      return {
        tags: await this.tagViews(tx, actor.companyId, rows),
        count,
        hasMore: hasMore(query.pageNumber, PAGE_SIZES.tags, rows.length, count),
      };
    });
  }

  /** Every tag of the company (the ticket's tag picker); `kanban` keeps the kanban lanes only. */
  list(actor: Actor, kanbanOnly: boolean): Promise<TagView[]> {
    return this.database.withTenant(actor.companyId, async (tx) =>
      this.tagViews(tx, actor.companyId, await this.tags.list(tx, actor.companyId, kanbanOnly)),
    );
  }

  show(actor: Actor, id: number): Promise<TagView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.tags.findById(tx, actor.companyId, id);
      if (!row) throw new AppError(ErrorCode.ERR_NO_TAG_FOUND);
      return (await this.tagViews(tx, actor.companyId, [row]))[0]!;
    });
  }

  /**
   * Creates a tag; a name the company already has (in any case) answers that tag, since the
   * ticket's tag picker creates tags by typing their name.
   */
  create(actor: Actor, dto: TagDto): Promise<TagView> {
    if (dto.kanban === 1 && !mayUseKanban(actor)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row =
        (await this.tags.insertIfAbsent(tx, {
          companyId: actor.companyId,
          name: dto.name,
          color: dto.color ?? DEFAULT_TAG_COLOR,
          kanban: dto.kanban ?? 0,
          userId: actor.userId,
        })) ?? (await this.tags.findByName(tx, actor.companyId, dto.name));
      return (await this.tagViews(tx, actor.companyId, [row!]))[0]!;
    });
  }

  /** Only admins and supervisors change the Kanban flag; others may send it unchanged (clients send the whole form). */
  async update(actor: Actor, id: number, dto: UpdateTagDto): Promise<TagView> {
    // the owner is a user of the company (identity's), never another's
    if (typeof dto.userId === 'number') await this.directory.requireUsers(actor, [dto.userId]);
    try {
      return await this.database.withTenant(actor.companyId, async (tx) => {
        const current = await this.tags.findById(tx, actor.companyId, id);
        if (!current) throw new AppError(ErrorCode.ERR_NO_TAG_FOUND);
        if (dto.kanban !== undefined && dto.kanban !== current.kanban && !mayUseKanban(actor))
          throw new AppError(ErrorCode.ERR_NO_PERMISSION);
        const row = await this.tags.update(tx, actor.companyId, id, dto);
        if (!row) throw new AppError(ErrorCode.ERR_NO_TAG_FOUND);
        return (await this.tagViews(tx, actor.companyId, [row]))[0]!;
      });
    } catch (error) {
      if (isUniqueViolation(error, TAG_NAME_UNIQUE)) throw new AppError(ErrorCode.ERR_TAG_NAME_ALREADY_EXISTS);
      throw error;
    }
  }

  /** Removes the tag from its tickets too. */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    await this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.tags.delete(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_TAG_FOUND);
    });
    return { message: 'Tag deleted' };
  }

  /** The ticket's tags become exactly these; the ticket's viewers see the change live. */
  async sync(actor: Actor, dto: TagSyncDto): Promise<TicketView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      assertCanSee(actor, await this.tickets.lockById(tx, actor.companyId, dto.ticketId));
      const known = await this.tags.existing(tx, actor.companyId, dto.tags);
      if (known.length !== new Set(dto.tags).size) throw new AppError(ErrorCode.ERR_NO_TAG_FOUND);
      await this.tickets.replaceTags(tx, actor.companyId, dto.ticketId, dto.tags);
      return this.views.one(tx, actor.companyId, dto.ticketId);
    });
    this.events.ticketUpdated(view);
    return view;
  }

  private async tagViews(tx: TicketsTx, companyId: number, rows: TagRow[]): Promise<TagView[]> {
    const counts = await this.tickets.tagCounts(
      tx,
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      name: row.name,
      color: row.color,
      kanban: row.kanban === 1 ? 1 : 0,
      userId: row.userId,
      ticketsCount: counts.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }
}
