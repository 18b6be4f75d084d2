import { PickType } from '@nestjs/mapped-types';
import { IsIn, IsOptional } from 'class-validator';
import { TicketsQueryDto } from './dto.js';
import type { TicketView } from './views.js';

/** NATS request/reply subjects of the kanban board (spec 001 "Kanban"), served by the tickets service. */
export const KanbanSubjects = {
  /** KanbanQueryDto → KanbanTicketsView */
  tickets: 'tickets.kanban.tickets',
  /** `{ ticketId, tagId }` → TicketView: links a kanban tag to the ticket. */
  addTag: 'tickets.kanban.add-tag',
  /** `{ ticketId }` → TicketView: unlinks the ticket's kanban tags (its other tags stay). */
  removeTags: 'tickets.kanban.remove-tags',
} as const;

/** The statuses a board shows: tickets being handled or waiting, never closed ones. */
export const KANBAN_STATUSES = ['open', 'pending'] as const;
export type KanbanStatus = (typeof KANBAN_STATUSES)[number];

/**
 * `GET /ticket/kanban`: the ticket list's filters (queueIds arrives as JSON text from existing
 * clients, see idList); each one narrows the others. Unknown parameters (the `teste` existing
 * clients send) are dropped by validation's whitelist.
 */
export class KanbanQueryDto extends PickType(TicketsQueryDto, [
  'searchParam',
  'tags',
  'users',
  'queueIds',
  'date',
  'updatedAt',
  'withUnreadMessages',
] as const) {
  @IsOptional() @IsIn(KANBAN_STATUSES) status?: KanbanStatus;
}

/** `GET /ticket/kanban` (spec 001 "Kanban ticket": id, uuid, tags, contact, lastMessage and the rest of the ticket). */
export interface KanbanTicketsView {
  tickets: TicketView[];
}
