import type { QueueRef } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** GET /queue: the id/name/colour list pickers need; the queues issue owns the rest. */
export const queuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    queues: build.query<QueueRef[], void>({
      query: () => '/queue',
      providesTags: ['Queues'],
    }),
  }),
});

export const { useQueuesQuery } = queuesApi;
