import type { DashboardView, TicketsPerDayView, TicketsPerUserView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import type { DashboardFilter } from '../dashboard-figures';

/** The charts' days (both included). */
export interface ChartRange {
  initialDate: string;
  finalDate: string;
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /dashboard: counters, attendants and queues of the period (`days`, or `date_from`/`date_to`). */
    dashboard: build.query<DashboardView, DashboardFilter>({
      query: (filter) => ({
        url: '/dashboard',
        params: 'days' in filter ? { days: filter.days } : { date_from: filter.from, date_to: filter.to },
      }),
      providesTags: ['Tickets'],
    }),
    /** GET /dashboard/ticketsUsers: tickets per agent. */
    ticketsPerUser: build.query<TicketsPerUserView, ChartRange>({
      query: (range) => ({ url: '/dashboard/ticketsUsers', params: range }),
      providesTags: ['Tickets'],
    }),
    /** GET /dashboard/ticketsDay: tickets per hour (one day) or per day. */
    ticketsPerDay: build.query<TicketsPerDayView, ChartRange>({
      query: (range) => ({ url: '/dashboard/ticketsDay', params: range }),
      providesTags: ['Tickets'],
    }),
  }),
});

export const { useDashboardQuery, useTicketsPerUserQuery, useTicketsPerDayQuery } = dashboardApi;
