import type { PlanView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export type PlanInput = Omit<PlanView, 'id'>;

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    plans: build.query<PlanView[], void>({
      query: () => '/plans/all',
      providesTags: ['Plans'],
    }),
    createPlan: build.mutation<PlanView, PlanInput>({
      query: (body) => ({ url: '/plans', method: 'POST', body }),
      invalidatesTags: ['Plans'],
    }),
    updatePlan: build.mutation<PlanView, PlanInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/plans/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Plans', 'Companies', 'Me'],
    }),
    deletePlan: build.mutation<unknown, number>({
      query: (id) => ({ url: `/plans/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Plans'],
    }),
  }),
});

export const { usePlansQuery, useCreatePlanMutation, useUpdatePlanMutation, useDeletePlanMutation } = plansApi;
