import type { FlowGraph, FlowPublishView, FlowsPageView, FlowStatsView, FlowSummaryView, FlowView } from '@atrium/contracts';
import { api } from './api';
import { pageNumberPaging } from './paged';

/*
 * The flows API (issue 27), in shared/: the flow editor (features/flows), the connection and queue
 * dialogs (flowId) and the queue page's conversion of the old menus all use it.
 */

/** Body of PUT /flows/{id}: the draft (issue 27). */
export interface FlowDraftInput extends FlowGraph {
  id: number;
  name: string;
}

export const flowsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /flows: searchable, paged (flows, hasMore). */
    flowsPage: build.infiniteQuery<FlowsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/flows', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Flows'],
    }),
    flow: build.query<FlowView, number>({
      query: (id) => `/flows/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Flows', id }],
    }),
    flowStats: build.query<FlowStatsView, number>({
      query: (id) => `/flows/${id}/stats`,
      providesTags: (_result, _error, id) => [{ type: 'Flows', id }],
    }),
    createFlow: build.mutation<FlowView, { name: string }>({
      query: (body) => ({ url: '/flows', method: 'POST', body }),
      invalidatesTags: ['Flows'],
    }),
    saveFlowDraft: build.mutation<FlowView, FlowDraftInput>({
      query: ({ id, ...body }) => ({ url: `/flows/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Flows', { type: 'Flows', id }],
    }),
    deleteFlow: build.mutation<unknown, number>({
      query: (id) => ({ url: `/flows/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Flows'],
    }),
    /** POST /flows/{id}/publish: the draft becomes a new immutable version. */
    publishFlow: build.mutation<FlowPublishView, number>({
      query: (id) => ({ url: `/flows/${id}/publish`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => ['Flows', { type: 'Flows', id }],
    }),
    /** POST /flows/from-queue-menu: a new flow reproducing a connection's greeting and queue option trees. */
    flowFromQueueMenu: build.mutation<FlowView, { whatsappId: number; name?: string }>({
      query: (body) => ({ url: '/flows/from-queue-menu', method: 'POST', body }),
      invalidatesTags: ['Flows'],
    }),
  }),
});

/** Every flow of the company, for the pickers of the connection and queue dialogs (first page of 'GET /flows'). */
export function flowOptions(pages: FlowsPageView[] | undefined): Array<{ value: number; label: string }> {
  return (pages ?? []).flatMap((page) => page.flows).map((flow: FlowSummaryView) => ({ value: flow.id, label: flow.name }));
}

export const {
  useFlowsPageInfiniteQuery,
  useFlowQuery,
  useFlowStatsQuery,
  useCreateFlowMutation,
  useSaveFlowDraftMutation,
  useDeleteFlowMutation,
  usePublishFlowMutation,
  useFlowFromQueueMenuMutation,
} = flowsApi;
