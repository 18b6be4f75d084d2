import type { PromptsListView, PromptView } from '@atrium/contracts';
import { api } from './api';

/** Body of POST /prompt and PUT /prompt/{id} (spec 001 "AI prompts"); a key left as the mask or empty keeps the stored one. */
export interface PromptInput {
  name: string;
  prompt: string;
  queueId: number;
  apiKey?: string;
  voice: string;
  voiceKey?: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
}

export const promptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /prompt (field prompts), each with its queue's name. */
    promptList: build.query<PromptView[], void>({
      query: () => '/prompt',
      transformResponse: (response: PromptsListView) => response.prompts,
      providesTags: ['Prompts'],
    }),
    prompt: build.query<PromptView, number>({
      query: (id) => `/prompt/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Prompts', id }],
    }),
    createPrompt: build.mutation<PromptView, PromptInput>({
      query: (body) => ({ url: '/prompt', method: 'POST', body }),
      invalidatesTags: ['Prompts'],
    }),
    updatePrompt: build.mutation<PromptView, PromptInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/prompt/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Prompts'],
    }),
    deletePrompt: build.mutation<unknown, number>({
      query: (id) => ({ url: `/prompt/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Prompts'],
    }),
  }),
});

export const { usePromptListQuery, usePromptQuery, useCreatePromptMutation, useUpdatePromptMutation, useDeletePromptMutation } = promptsApi;
