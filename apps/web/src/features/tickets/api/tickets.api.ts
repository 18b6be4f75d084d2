import type { TicketsPageView, TicketStatus, TicketView, UpdateTicketDto } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** What a ticket list asks GET /tickets for (spec 000 section 7); lists are cached per filter. */
export interface TicketListFilter {
  status?: TicketStatus;
  searchParam?: string;
  showAll?: boolean;
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  withUnreadMessages?: boolean;
}

/** Query string of GET /tickets: id lists as JSON text, as the spec's client sends them. */
export function ticketListParams(filter: TicketListFilter, pageNumber: number): Record<string, string | number> {
  const params: Record<string, string | number> = { pageNumber };
  if (filter.status) params.status = filter.status;
  if (filter.searchParam) params.searchParam = filter.searchParam;
  if (filter.showAll) params.showAll = 'true';
  if (filter.withUnreadMessages) params.withUnreadMessages = 'true';
  if (filter.queueIds?.length) params.queueIds = JSON.stringify(filter.queueIds);
  if (filter.tags?.length) params.tags = JSON.stringify(filter.tags);
  if (filter.users?.length) params.users = JSON.stringify(filter.users);
  return params;
}

export interface CreateTicketInput {
  contactId: number;
  queueId: number | null;
  whatsappId?: number | null;
  userId: number;
  status: TicketStatus;
}

export const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ticketsPage: build.infiniteQuery<TicketsPageView, TicketListFilter, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/tickets', params: ticketListParams(queryArg, pageParam) }),
      providesTags: ['Tickets'],
    }),
    /** GET /tickets/{id} for a number, GET /tickets/u/{uuid} otherwise (the route takes either). */
    ticket: build.query<TicketView, string>({
      query: (idOrUuid) => (/^\d+$/.test(idOrUuid) ? `/tickets/${idOrUuid}` : `/tickets/u/${idOrUuid}`),
      providesTags: (ticket) => (ticket ? [{ type: 'Tickets', id: ticket.id }] : []),
    }),
    createTicket: build.mutation<TicketView, CreateTicketInput>({
      query: (body) => ({ url: '/tickets', method: 'POST', body }),
    }),
    updateTicket: build.mutation<TicketView, UpdateTicketDto & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/tickets/${id}`, method: 'PUT', body }),
    }),
    deleteTicket: build.mutation<unknown, number>({
      query: (id) => ({ url: `/tickets/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useTicketsPageInfiniteQuery, useTicketQuery, useCreateTicketMutation, useUpdateTicketMutation, useDeleteTicketMutation } =
  ticketsApi;
