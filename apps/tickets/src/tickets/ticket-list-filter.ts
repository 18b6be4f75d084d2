import type { Actor, TicketsQueryDto } from '@atrium/contracts';
import { dayRange } from '@atrium/kernel';
import type { TicketListFilter } from './tickets.repository.js';

type ListQuery = Pick<TicketsQueryDto, 'searchParam' | 'tags' | 'users' | 'queueIds' | 'date' | 'updatedAt' | 'withUnreadMessages'>;

/** The filters the ticket list and the kanban board share, read from their query (days in the platform's time zone). */
export function sharedListFilter(actor: Actor, query: ListQuery, timeZone: string): Omit<TicketListFilter, 'status' | 'showAll'> {
  return {
    viewer: actor,
    searchParam: query.searchParam,
    tagIds: query.tags,
    userIds: query.users,
    queueIds: query.queueIds,
    created: query.date ? dayRange(query.date, timeZone) : undefined,
    updated: query.updatedAt ? dayRange(query.updatedAt, timeZone) : undefined,
    withUnreadMessages: query.withUnreadMessages === true,
  };
}
