import type { AnnouncementView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

export interface AnnouncementsPage {
  records: AnnouncementView[];
  hasMore: boolean;
  count?: number;
}

export interface AnnouncementInput {
  title: string;
  text: string;
  priority: 1 | 2 | 3;
  status: boolean;
}

export const announcementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    announcements: build.infiniteQuery<AnnouncementsPage, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/announcements/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Announcements'],
    }),
    createAnnouncement: build.mutation<AnnouncementView, AnnouncementInput>({
      query: (body) => ({ url: '/announcements', method: 'POST', body }),
      invalidatesTags: ['Announcements'],
    }),
    updateAnnouncement: build.mutation<AnnouncementView, AnnouncementInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/announcements/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Announcements'],
    }),
    deleteAnnouncement: build.mutation<unknown, number>({
      query: (id) => ({ url: `/announcements/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Announcements'],
    }),
    uploadAnnouncementMedia: build.mutation<unknown, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('typeArch', 'announcements');
        body.append('file', file);
        return { url: `/announcements/${id}/media-upload`, method: 'POST', body };
      },
      invalidatesTags: ['Announcements'],
    }),
    deleteAnnouncementMedia: build.mutation<unknown, number>({
      query: (id) => ({ url: `/announcements/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Announcements'],
    }),
  }),
});

export const {
  useAnnouncementsInfiniteQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
  useDeleteAnnouncementMediaMutation,
} = announcementsApi;
