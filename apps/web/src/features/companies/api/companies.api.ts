import type { CompanyView, Recurrence, ScheduleRow } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** Body of POST /companies and PUT /companies/{id} (CompanyDto / UpdateCompanyDto). */
export interface CompanyInput {
  name: string;
  email: string;
  phone?: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  /** Only on create: the company's first admin, with the company's e-mail. */
  password?: string;
}

export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    companies: build.query<CompanyView[], void>({
      query: () => '/companies/list',
      providesTags: ['Companies'],
    }),
    company: build.query<CompanyView, number>({
      query: (id) => `/companies/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Company', id }],
    }),
    createCompany: build.mutation<CompanyView, CompanyInput>({
      query: (body) => ({ url: '/companies', method: 'POST', body }),
      invalidatesTags: ['Companies'],
    }),
    updateCompany: build.mutation<CompanyView, CompanyInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/companies/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Companies', 'Me', { type: 'Company', id }],
    }),
    deleteCompany: build.mutation<unknown, number>({
      query: (id) => ({ url: `/companies/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Companies'],
    }),
    updateCompanySchedules: build.mutation<CompanyView, { id: number; schedules: ScheduleRow[] }>({
      query: ({ id, schedules }) => ({ url: `/companies/${id}/schedules`, method: 'PUT', body: { id, schedules } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Company', id }],
    }),
  }),
});

export const {
  useCompaniesQuery,
  useCompanyQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
  useUpdateCompanySchedulesMutation,
} = companiesApi;
