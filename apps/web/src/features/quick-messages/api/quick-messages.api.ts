import type { QuickMessagesPageView, QuickMessageView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Body of POST /quick-messages and PUT /quick-messages/{id} (spec 001 "Quick messages"). */
export interface QuickMessageInput {
  shortcode: string;
  message: string;
  geral: boolean;
  status?: boolean;
}

export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickMessagesPage: build.infiniteQuery<QuickMessagesPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/quick-messages', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['QuickMessages'],
    }),
    /** GET /quick-messages/list: the user's own and the shared ones (the composer's suggestions). */
    quickMessageList: build.query<QuickMessageView[], { companyId: number; userId: number }>({
      query: (params) => ({ url: '/quick-messages/list', params }),
      providesTags: ['QuickMessages'],
    }),
    quickMessage: build.query<QuickMessageView, number>({
      query: (id) => `/quick-messages/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'QuickMessages', id }],
    }),
    createQuickMessage: build.mutation<QuickMessageView, QuickMessageInput>({
      query: (body) => ({ url: '/quick-messages', method: 'POST', body }),
      invalidatesTags: ['QuickMessages'],
    }),
    updateQuickMessage: build.mutation<QuickMessageView, QuickMessageInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/quick-messages/${id}`, method: 'PUT', body }),
      invalidatesTags: ['QuickMessages'],
    }),
    deleteQuickMessage: build.mutation<unknown, number>({
      query: (id) => ({ url: `/quick-messages/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QuickMessages'],
    }),
    /** Multipart `file` with typeArch 'quickMessage'; replaces the attachment. */
    uploadQuickMessageMedia: build.mutation<QuickMessageView, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('typeArch', 'quickMessage');
        form.append('file', file, file.name);
        return { url: `/quick-messages/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['QuickMessages'],
    }),
    deleteQuickMessageMedia: build.mutation<QuickMessageView, number>({
      query: (id) => ({ url: `/quick-messages/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['QuickMessages'],
    }),
  }),
});

export const {
  useQuickMessagesPageInfiniteQuery,
  useQuickMessageListQuery,
  useQuickMessageQuery,
  useCreateQuickMessageMutation,
  useUpdateQuickMessageMutation,
  useDeleteQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  useDeleteQuickMessageMediaMutation,
} = quickMessagesApi;
