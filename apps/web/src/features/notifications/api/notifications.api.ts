import type { TicketsPageView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /tickets with withUnreadMessages (spec 000 section 7): what the notifications bell counts. */
    unreadTickets: build.query<TicketsPageView, { queueIds: number[] }>({
      query: ({ queueIds }) => ({
        url: '/tickets',
        params: { withUnreadMessages: 'true', pageNumber: 1, queueIds: JSON.stringify(queueIds) },
      }),
      providesTags: ['Tickets'],
    }),
  }),
});

export const { useUnreadTicketsQuery } = notificationsApi;
