import type { WhatsappSummary } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /whatsapp with session=0 (spec 000 section 7); the company comes from the token. */
    connections: build.query<WhatsappSummary[], void>({
      query: () => ({ url: '/whatsapp/', params: { session: 0 } }),
      providesTags: ['Connections'],
    }),
  }),
});

export const { useConnectionsQuery } = connectionsApi;
