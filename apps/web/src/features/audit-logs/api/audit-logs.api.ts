import type { AuditAction, AuditEntityType, AuditLogView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export interface AuditLogsPage {
  auditLogs: AuditLogView[];
  count: number;
  hasMore: boolean;
}

/** Filters of GET /audit-logs and its CSV export (docs/adr/023-audit-log.md). */
export interface AuditLogFilters {
  userId?: number;
  action?: AuditAction;
  entityType?: AuditEntityType;
  from?: string;
  to?: string;
}

function compact<T extends object>(filters: T): Partial<T> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}

export const auditLogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLogs: build.query<AuditLogsPage, AuditLogFilters & { pageNumber: number }>({
      query: (filters) => ({ url: '/audit-logs', params: compact(filters) }),
      providesTags: ['AuditLogs'],
    }),
    /** The filtered entries as CSV text, for the download (the download is itself an entry). */
    auditLogsCsv: build.query<string, AuditLogFilters>({
      query: (filters) => ({ url: '/audit-logs/export', params: compact(filters), responseHandler: 'text' }),
      keepUnusedDataFor: 0,
      onQueryStarted: async (_filters, { dispatch, queryFulfilled }) => {
        await queryFulfilled.catch(() => undefined);
        dispatch(api.util.invalidateTags(['AuditLogs']));
      },
    }),
  }),
});

export const { useAuditLogsQuery, useLazyAuditLogsCsvQuery } = auditLogsApi;
