import { api } from '../../../shared/api/api';

/** The part of a ticket the notifications bell shows (spec 000 section 3); the tickets issue owns the rest. */
export interface UnreadTicket {
  id: number;
  uuid: string;
  unreadMessages: number;
  lastMessage: string | null;
  updatedAt: string;
  contact?: { name: string; profilePicUrl?: string | null } | null;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unreadTickets: build.query<{ tickets: UnreadTicket[]; hasMore: boolean }, { queueIds: number[] }>({
      query: ({ queueIds }) => ({
        url: '/tickets',
        params: { withUnreadMessages: 'true', pageNumber: 1, queueIds: JSON.stringify(queueIds) },
      }),
      providesTags: ['Tickets'],
    }),
  }),
});

export const { useUnreadTicketsQuery } = notificationsApi;
