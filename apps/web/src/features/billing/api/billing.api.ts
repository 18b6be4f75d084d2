import type { InvoicePage, InvoiceStatus, PixChargeView, ReconciliationRow } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Filters of GET /invoices/all: searchParam for everyone; companyId and status for super users. */
export interface InvoiceFilters {
  searchParam: string;
  companyId?: number;
  status?: InvoiceStatus;
}

/** Body of POST /subscription (spec 001 'Subscription payload'); the server charges the invoice's own value. */
export interface SubscriptionInput {
  invoiceId: number;
  firstName: string;
  lastName?: string;
  address2: string;
  city: string;
  state?: string;
  zipcode: string;
  country: string;
  useAddressForPaymentDetails: boolean;
  /** JSON text of the chosen plan: price, users, connections. */
  plan: string;
  price: number;
  users: number;
  connections: number;
}

/** Filters of the reconciliation list (billing staff). */
export interface ReconciliationFilters {
  from?: string;
  to?: string;
  companyId?: number;
  status?: string;
}

function compact<T extends object>(filters: T): Partial<T> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /invoices/all?paged=true: the company's invoices (every company's for super users), paged with hasMore (without `paged`: a plain array, for older clients). */
    invoicesPage: build.infiniteQuery<InvoicePage, InvoiceFilters, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/invoices/all', params: { ...compact(queryArg), pageNumber: pageParam, paged: true } }),
      providesTags: ['Invoices'],
    }),
    /** POST /subscription: the Pix code of an open invoice. */
    subscribe: build.mutation<PixChargeView, SubscriptionInput>({
      query: (body) => ({ url: '/subscription', method: 'POST', body }),
    }),
    reconciliation: build.query<ReconciliationRow[], ReconciliationFilters>({
      query: (filters) => ({ url: '/invoices/reconciliation', params: compact(filters) }),
      providesTags: ['Invoices'],
    }),
    /** The same list as CSV text, for the download. */
    reconciliationCsv: build.query<string, ReconciliationFilters>({
      query: (filters) => ({ url: '/invoices/reconciliation/csv', params: compact(filters), responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useInvoicesPageInfiniteQuery, useSubscribeMutation, useReconciliationQuery, useLazyReconciliationCsvQuery } = billingApi;
