import type { TicketsPageView, TicketView } from '@atrium/contracts';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import type { TicketListFilter } from './api/tickets.api';

export type TicketPages = InfiniteData<TicketsPageView, number>;

export interface ListViewer {
  id: number;
  profile: string;
  super: boolean;
}

const isAdmin = (viewer: ListViewer) => viewer.super || viewer.profile === 'admin';

/**
 * Would GET /tickets with this filter list the ticket? The server's rules (apps/tickets README),
 * applied to a ticket a live event brings. A text search also matches message bodies, which the
 * client cannot tell: such lists only refresh the tickets they already hold.
 */
export function belongsToList(ticket: TicketView, filter: TicketListFilter, viewer: ListViewer): boolean {
  if (filter.searchParam) return false;
  if (filter.status && ticket.status !== filter.status) return false;
  if (filter.withUnreadMessages && ticket.unreadMessages <= 0) return false;
  if (!(filter.showAll && isAdmin(viewer)) && ticket.userId !== viewer.id && ticket.status !== 'pending') return false;
  if (filter.queueIds?.length && ticket.queueId !== null && !filter.queueIds.includes(ticket.queueId)) return false;
  if (filter.users?.length && (ticket.userId === null || !filter.users.includes(ticket.userId))) return false;
  if (filter.tags?.length && !filter.tags.every((tagId) => ticket.tags.some((tag) => tag.id === tagId))) return false;
  return true;
}

function locate(data: TicketPages, ticketId: number): { page: number; index: number } | null {
  for (let page = 0; page < data.pages.length; page++) {
    const index = data.pages[page]!.tickets.findIndex((ticket) => ticket.id === ticketId);
    if (index >= 0) return { page, index };
  }
  return null;
}

function adjustCount(data: TicketPages, delta: number): void {
  const first = data.pages[0];
  if (first) first.count = Math.max(0, first.count + delta);
}

/** Drops a ticket from a cached list (mutates the immer draft). */
export function removeFromList(data: TicketPages, ticketId: number): void {
  const at = locate(data, ticketId);
  if (!at) return;
  data.pages[at.page]!.tickets.splice(at.index, 1);
  adjustCount(data, -1);
}

/**
 * Applies a changed ticket to a cached list (mutates the immer draft): replaced where it is (or,
 * with `toTop`, moved to the top: a new message), added at the top when it now belongs to the
 * list, removed when it no longer does.
 */
export function applyToList(data: TicketPages, ticket: TicketView, filter: TicketListFilter, viewer: ListViewer, toTop: boolean): void {
  const at = locate(data, ticket.id);
  const belongs = belongsToList(ticket, filter, viewer);
  if (at && !belongs && !filter.searchParam) {
    removeFromList(data, ticket.id);
    return;
  }
  if (at) {
    const page = data.pages[at.page]!;
    if (toTop) {
      page.tickets.splice(at.index, 1);
      data.pages[0]!.tickets.unshift(ticket);
    } else {
      page.tickets[at.index] = ticket;
    }
    return;
  }
  if (!belongs || data.pages.length === 0) return;
  data.pages[0]!.tickets.unshift(ticket);
  adjustCount(data, 1);
}

/** The unread count went back to 0 (`updateUnread`). */
export function markReadInList(data: TicketPages, ticketId: number, filter: TicketListFilter): void {
  const at = locate(data, ticketId);
  if (!at) return;
  if (filter.withUnreadMessages) {
    removeFromList(data, ticketId);
    return;
  }
  data.pages[at.page]!.tickets[at.index]!.unreadMessages = 0;
}

/** Every ticket of a cached list, pages in order, each once. */
export function ticketsOf(data: TicketPages | undefined): TicketView[] {
  const seen = new Set<number>();
  const all: TicketView[] = [];
  for (const page of data?.pages ?? []) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      all.push(ticket);
    }
  }
  return all;
}
