import type { SchedulesPageView, ScheduleView, TemplateSend } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Body of POST /schedules and PUT /schedules/{id} (spec 000 "schedule modal"); sendAt an ISO instant. */
export interface ScheduleInput {
  body: string;
  contactId: number;
  sendAt: string;
  /** The connection it goes through; null: the contact's (or the company's default). */
  whatsappId?: number | null;
  /** On a Cloud API connection: the approved template sent when the contact's 24-hour window is closed (issue 26). */
  template?: TemplateSend | null;
}

export const schedulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /schedules with searchParam (matched in the body), 20 a page. */
    schedulesPage: build.infiniteQuery<SchedulesPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/schedules', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Schedules'],
    }),
    schedule: build.query<ScheduleView, number>({
      query: (id) => `/schedules/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Schedules', id }],
    }),
    createSchedule: build.mutation<ScheduleView, ScheduleInput>({
      query: (body) => ({ url: '/schedules', method: 'POST', body }),
      invalidatesTags: ['Schedules'],
    }),
    updateSchedule: build.mutation<ScheduleView, ScheduleInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/schedules/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Schedules'],
    }),
    deleteSchedule: build.mutation<unknown, number>({
      query: (id) => ({ url: `/schedules/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Schedules'],
    }),
    /** Multipart `file` (png, jpg or jpeg); replaces the attachment. */
    uploadScheduleMedia: build.mutation<ScheduleView, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `/schedules/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['Schedules'],
    }),
    deleteScheduleMedia: build.mutation<ScheduleView, number>({
      query: (id) => ({ url: `/schedules/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Schedules'],
    }),
  }),
});

export const {
  useSchedulesPageInfiniteQuery,
  useScheduleQuery,
  useCreateScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  useUploadScheduleMediaMutation,
  useDeleteScheduleMediaMutation,
} = schedulesApi;
