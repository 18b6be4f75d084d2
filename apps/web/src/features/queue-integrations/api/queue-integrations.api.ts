import type {
  QueueIntegrationsPageView,
  QueueIntegrationTestSessionView,
  QueueIntegrationType,
  QueueIntegrationView,
} from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Body of POST /queueIntegration and PUT /queueIntegration/{id} (spec 001 "Queue integration"). */
export interface QueueIntegrationInput {
  type: QueueIntegrationType;
  name: string;
  projectName?: string | null;
  jsonContent?: string | null;
  language?: string | null;
  urlN8N?: string | null;
  typebotSlug?: string | null;
  typebotExpires?: number;
  typebotDelayMessage?: number;
  typebotKeywordFinish?: string | null;
  typebotKeywordRestart?: string | null;
  typebotRestartMessage?: string | null;
  typebotUnknownMessage?: string | null;
}

export interface TestSessionInput {
  projectName: string;
  jsonContent: string;
  language: string;
}

export const queueIntegrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /queueIntegration/: searchable, paged (queueIntegrations, hasMore). */
    queueIntegrationsPage: build.infiniteQuery<QueueIntegrationsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/queueIntegration/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['QueueIntegrations'],
    }),
    queueIntegration: build.query<QueueIntegrationView, number>({
      query: (id) => `/queueIntegration/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'QueueIntegrations', id }],
    }),
    signingSecret: build.query<{ signingSecret: string | null }, number>({
      query: (id) => `/queueIntegration/${id}/signingSecret`,
    }),
    createQueueIntegration: build.mutation<QueueIntegrationView, QueueIntegrationInput>({
      query: (body) => ({ url: '/queueIntegration', method: 'POST', body }),
      invalidatesTags: ['QueueIntegrations'],
    }),
    updateQueueIntegration: build.mutation<QueueIntegrationView, QueueIntegrationInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/queueIntegration/${id}`, method: 'PUT', body }),
      invalidatesTags: ['QueueIntegrations'],
    }),
    deleteQueueIntegration: build.mutation<unknown, number>({
      query: (id) => ({ url: `/queueIntegration/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QueueIntegrations'],
    }),
    /** POST /queueIntegration/testSession: a Dialogflow test query with the typed credentials. */
    testSession: build.mutation<QueueIntegrationTestSessionView, TestSessionInput>({
      query: (body) => ({ url: '/queueIntegration/testSession', method: 'POST', body }),
    }),
  }),
});

export const {
  useQueueIntegrationsPageInfiniteQuery,
  useQueueIntegrationQuery,
  useSigningSecretQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestSessionMutation,
} = queueIntegrationsApi;
