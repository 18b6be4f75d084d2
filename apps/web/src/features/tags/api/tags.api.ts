import type { TagsPageView, TagView, TicketView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Body of POST /tags and PUT /tags/{id} (spec 001 "Tags"). */
export interface TagInput {
  name: string;
  color?: string;
  kanban?: 0 | 1;
}

export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /tags/: the tags page, searchable, 20 a page, each tag with its ticket count. */
    tagsPage: build.infiniteQuery<TagsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/tags/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Tags'],
    }),
    /** GET /tags/list: every tag, for the ticket's tag picker and the list filter. */
    tagList: build.query<TagView[], void>({
      query: () => '/tags/list',
      providesTags: ['Tags'],
    }),
    tag: build.query<TagView, number>({
      query: (id) => `/tags/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Tags', id }],
    }),
    createTag: build.mutation<TagView, TagInput>({
      query: (body) => ({ url: '/tags', method: 'POST', body }),
      invalidatesTags: ['Tags'],
    }),
    updateTag: build.mutation<TagView, TagInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/tags/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Tags'],
    }),
    deleteTag: build.mutation<unknown, number>({
      query: (id) => ({ url: `/tags/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Tags'],
    }),
    /** POST /tags/sync: the ticket's tags become exactly these. */
    syncTicketTags: build.mutation<TicketView, { ticketId: number; tags: number[] }>({
      query: (body) => ({ url: '/tags/sync', method: 'POST', body }),
      invalidatesTags: ['Tags'],
    }),
  }),
});

export const {
  useTagsPageInfiniteQuery,
  useTagListQuery,
  useTagQuery,
  useCreateTagMutation,
  useUpdateTagMutation,
  useDeleteTagMutation,
  useSyncTicketTagsMutation,
} = tagsApi;
