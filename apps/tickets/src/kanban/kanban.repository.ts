import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { KANBAN_STATUSES, type KanbanStatus, type TicketViewer } from '@atrium/contracts';
import { tags, ticketTags, tickets } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { carriesEveryTag, matchesText, visibleTo } from '../tickets/tickets.repository.js';

/** The most cards a board shows (newest activity first); the spec's board has no paging. */
export const KANBAN_MAX_TICKETS = 1000;

export interface KanbanFilter {
  viewer: TicketViewer;
  status?: KanbanStatus;
  searchParam?: string;
  tagIds?: number[];
  userIds?: number[];
  queueIds?: number[];
  created?: { from: Date; until: Date };
  updated?: { from: Date; until: Date };
  withUnreadMessages: boolean;
}

/** The board's tickets and the links between tickets and kanban tags (spec 001 "Kanban"). */
@Injectable()
export class KanbanRepository {
  /** Ids of the open and pending tickets the viewer may see that pass every filter, newest activity first. */
  async ticketIds(tx: TicketsTx, companyId: number, filter: KanbanFilter): Promise<number[]> {
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(this.where(companyId, filter))
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(KANBAN_MAX_TICKETS);
    return rows.map((row) => row.id);
  }

  /** The company's tag with that id when it is a kanban lane. */
  async findKanbanTag(tx: TicketsTx, companyId: number, tagId: number): Promise<{ id: number } | undefined> {
    const [row] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId), eq(tags.kanban, 1)));
    return row;
  }

  /** Links the tag to the ticket (nothing when already linked). */
  async link(tx: TicketsTx, companyId: number, ticketId: number, tagId: number): Promise<void> {
    await tx.insert(ticketTags).values({ companyId, ticketId, tagId }).onConflictDoNothing();
  }

  /** Unlinks the ticket's kanban tags; its other tags stay. */
  async unlinkKanbanTags(tx: TicketsTx, companyId: number, ticketId: number): Promise<void> {
    await tx.delete(ticketTags).where(
      and(
        eq(ticketTags.companyId, companyId),
        eq(ticketTags.ticketId, ticketId),
        inArray(
          ticketTags.tagId,
          tx
            .select({ id: tags.id })
            .from(tags)
            .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1))),
        ),
      ),
    );
  }

  private where(companyId: number, filter: KanbanFilter): SQL | undefined {
    const term = filter.searchParam?.trim();
    return and(
      eq(tickets.companyId, companyId),
      visibleTo(filter.viewer),
      filter.status ? eq(tickets.status, filter.status) : inArray(tickets.status, [...KANBAN_STATUSES]),
      filter.queueIds?.length ? or(inArray(tickets.queueId, filter.queueIds), isNull(tickets.queueId)) : undefined,
      filter.userIds?.length ? inArray(tickets.userId, filter.userIds) : undefined,
      filter.withUnreadMessages ? sql`${tickets.unreadMessages} > 0` : undefined,
      filter.created ? sql`${tickets.createdAt} >= ${filter.created.from} and ${tickets.createdAt} < ${filter.created.until}` : undefined,
      filter.updated ? sql`${tickets.updatedAt} >= ${filter.updated.from} and ${tickets.updatedAt} < ${filter.updated.until}` : undefined,
      filter.tagIds?.length ? carriesEveryTag(companyId, filter.tagIds) : undefined,
      term ? matchesText(companyId, term) : undefined,
    );
  }
}
