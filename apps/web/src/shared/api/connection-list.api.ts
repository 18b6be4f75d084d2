import type { WhatsappView } from '@atrium/contracts';
import { api } from './api';

/**
 * GET /whatsapp: the company's connections, for the connections page and the pickers of other
 * features (users, new ticket, campaigns, the queue page's conversion of the menus into a flow).
 */
export const connectionListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /whatsapp with session=0 (spec 000 section 7); the company comes from the token. */
    connections: build.query<WhatsappView[], void>({
      query: () => ({ url: '/whatsapp/', params: { session: 0 } }),
      providesTags: ['Connections'],
    }),
  }),
});

export const { useConnectionsQuery } = connectionListApi;
