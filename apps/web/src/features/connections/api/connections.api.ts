import type { WhatsappDto, WhatsappTokenView, WhatsappView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** Body of POST /whatsapp and PUT /whatsapp/{id} (the connection dialog's fields). */
export type ConnectionInput = WhatsappDto;

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    connection: build.query<WhatsappView, number>({
      query: (id) => `/whatsapp/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Connections', id }],
    }),
    createConnection: build.mutation<WhatsappView, ConnectionInput>({
      query: (body) => ({ url: '/whatsapp', method: 'POST', body }),
      invalidatesTags: ['Connections'],
    }),
    updateConnection: build.mutation<WhatsappView, Partial<ConnectionInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/whatsapp/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Connections'],
    }),
    /** POST /whatsapp/{id}/token: a new external-API token, answered once; the previous one stops working. */
    regenerateConnectionToken: build.mutation<WhatsappTokenView, number>({
      query: (id) => ({ url: `/whatsapp/${id}/token`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Connections', id }, 'Connections'],
    }),
    deleteConnection: build.mutation<unknown, number>({
      query: (id) => ({ url: `/whatsapp/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Connections'],
    }),
    /** POST /whatsappsession/{id}: start or retry; with a phone number the phone pairs by a code. */
    startSession: build.mutation<unknown, { id: number; phoneNumber?: string }>({
      query: ({ id, phoneNumber }) => ({ url: `/whatsappsession/${id}`, method: 'POST', body: phoneNumber ? { phoneNumber } : {} }),
    }),
    /** PUT /whatsappsession/{id}: a new QR code. */
    requestNewQr: build.mutation<unknown, number>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'PUT' }),
    }),
    /** DELETE /whatsappsession/{id}: disconnect. */
    disconnectSession: build.mutation<unknown, number>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'DELETE' }),
    }),
  }),
});

/** The list (GET /whatsapp) lives in shared/api: the queue page's menu conversion reads it too. */
export { useConnectionsQuery } from '../../../shared/api/connection-list.api';

export const {
  useConnectionQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useRegenerateConnectionTokenMutation,
  useStartSessionMutation,
  useRequestNewQrMutation,
  useDisconnectSessionMutation,
} = connectionsApi;
