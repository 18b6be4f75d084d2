import type { KanbanTicketsView, TagView, TicketView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** `GET /ticket/kanban`'s queue filter as the spec sends it: the user's queue ids as JSON text. */
export type KanbanQueueIds = string;

export const kanbanApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /tags/kanban: the lanes after 'Em aberto' (answer `lista`). */
    kanbanLanes: build.query<TagView[], void>({
      query: () => '/tags/kanban',
      transformResponse: (response: { lista: TagView[] }) => response.lista,
      providesTags: ['Tags'],
    }),
    /** GET /ticket/kanban: the open and pending tickets the user may see. */
    kanbanTickets: build.query<TicketView[], KanbanQueueIds>({
      query: (queueIds) => ({ url: '/ticket/kanban', params: { queueIds, teste: true } }),
      transformResponse: (response: KanbanTicketsView) => response.tickets,
      providesTags: ['Tickets'],
    }),
    /** DELETE /ticket-tags/{ticketId}: the ticket leaves its kanban lane (its other tags stay). */
    removeKanbanTags: build.mutation<TicketView, number>({
      query: (ticketId) => ({ url: `/ticket-tags/${ticketId}`, method: 'DELETE' }),
    }),
    /** PUT /ticket-tags/{ticketId}/{tagId}: the ticket enters the tag's lane. */
    addKanbanTag: build.mutation<TicketView, { ticketId: number; tagId: number }>({
      query: ({ ticketId, tagId }) => ({ url: `/ticket-tags/${ticketId}/${tagId}`, method: 'PUT' }),
    }),
  }),
});

export const { useKanbanLanesQuery, useKanbanTicketsQuery, useRemoveKanbanTagsMutation, useAddKanbanTagMutation } = kanbanApi;
