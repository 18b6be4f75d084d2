import type { HelpView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export interface HelpInput {
  title: string;
  video: string;
  description: string;
}

export const helpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    helps: build.query<HelpView[], void>({
      query: () => '/helps/list',
      providesTags: ['Helps'],
    }),
    createHelp: build.mutation<HelpView, HelpInput>({
      query: (body) => ({ url: '/helps', method: 'POST', body }),
      invalidatesTags: ['Helps'],
    }),
    updateHelp: build.mutation<HelpView, HelpInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/helps/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Helps'],
    }),
    deleteHelp: build.mutation<unknown, number>({
      query: (id) => ({ url: `/helps/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Helps'],
    }),
  }),
});

export const { useHelpsQuery, useCreateHelpMutation, useUpdateHelpMutation, useDeleteHelpMutation } = helpsApi;
