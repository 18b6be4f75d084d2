import type { QueueOptionView, QueueView, ScheduleRow } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** Body of POST /queue and PUT /queue/{id} (spec 001 "Queues"; schedules and promptId in the same body). */
export interface QueueInput {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  promptId: number | null;
  integrationId?: number | null;
  /** The flow run when a ticket enters the queue (issue 27); null detaches it. */
  flowId?: number | null;
  schedules: ScheduleRow[];
}

/** One level of a queue's option tree: `parentId` null is the root (sent as -1, spec 001 section 7). */
export interface QueueOptionLevel {
  queueId: number;
  parentId: number | null;
}

/** Body of POST /queue-options. */
export interface QueueOptionInput extends QueueOptionLevel {
  title: string;
  message: string;
  option: number;
}

/** Body of PUT /queue-options/{id}: an option stays under its parent; title, message and number change. */
export type QueueOptionChange = Partial<Pick<QueueOptionInput, 'title' | 'message' | 'option'>> & { id: number };

export const queuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /queue: every queue of the company (pickers use id, name and colour). */
    queues: build.query<QueueView[], void>({
      query: () => '/queue',
      providesTags: ['Queues'],
    }),
    queue: build.query<QueueView, number>({
      query: (id) => `/queue/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Queues', id }],
    }),
    createQueue: build.mutation<QueueView, QueueInput>({
      query: (body) => ({ url: '/queue', method: 'POST', body }),
      invalidatesTags: ['Queues'],
    }),
    updateQueue: build.mutation<QueueView, QueueInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/queue/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Queues'],
    }),
    deleteQueue: build.mutation<unknown, number>({
      query: (id) => ({ url: `/queue/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Queues', 'QueueOptions'],
    }),
    /** GET /queue-options: one level of the tree. */
    queueOptions: build.query<QueueOptionView[], QueueOptionLevel>({
      query: ({ queueId, parentId }) => ({ url: '/queue-options', params: { queueId, parentId: parentId ?? -1 } }),
      providesTags: ['QueueOptions'],
    }),
    createQueueOption: build.mutation<QueueOptionView, QueueOptionInput>({
      query: ({ parentId, ...body }) => ({ url: '/queue-options', method: 'POST', body: { ...body, parentId: parentId ?? -1 } }),
      invalidatesTags: ['QueueOptions'],
    }),
    updateQueueOption: build.mutation<QueueOptionView, QueueOptionChange>({
      query: ({ id, ...body }) => ({ url: `/queue-options/${id}`, method: 'PUT', body }),
      invalidatesTags: ['QueueOptions'],
    }),
    /** Deletes the option and its subtree. */
    deleteQueueOption: build.mutation<unknown, number>({
      query: (id) => ({ url: `/queue-options/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QueueOptions'],
    }),
  }),
});

export const {
  useQueuesQuery,
  useQueueQuery,
  useCreateQueueMutation,
  useUpdateQueueMutation,
  useDeleteQueueMutation,
  useQueueOptionsQuery,
  useCreateQueueOptionMutation,
  useUpdateQueueOptionMutation,
  useDeleteQueueOptionMutation,
} = queuesApi;
