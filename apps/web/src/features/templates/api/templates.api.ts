import type { CreateTemplateDto, CustomerWindowView, MessageView, TemplateParameters, WhatsappTemplateView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** A template to send in a ticket: which one and its variables' values. */
export interface TemplateMessageInput {
  ticketId: number;
  name: string;
  language: string;
  parameters: TemplateParameters;
}

/** Message templates of Cloud API connections and the conversations' 24-hour window (issue 26). */
export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /whatsapp/{id}/templates: as last synced from the WhatsApp Business Account. */
    templates: build.query<WhatsappTemplateView[], number>({
      query: (whatsappId) => `/whatsapp/${whatsappId}/templates`,
      providesTags: (_result, _error, whatsappId) => [{ type: 'Templates', id: whatsappId }],
    }),
    /** POST /whatsapp/{id}/templates/sync: asks Meta again. */
    syncTemplates: build.mutation<WhatsappTemplateView[], number>({
      query: (whatsappId) => ({ url: `/whatsapp/${whatsappId}/templates/sync`, method: 'POST' }),
      invalidatesTags: (_result, _error, whatsappId) => [{ type: 'Templates', id: whatsappId }],
    }),
    /** POST /whatsapp/{id}/templates: submitted to Meta for approval. */
    createTemplate: build.mutation<WhatsappTemplateView, CreateTemplateDto & { whatsappId: number }>({
      query: ({ whatsappId, ...body }) => ({ url: `/whatsapp/${whatsappId}/templates`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { whatsappId }) => [{ type: 'Templates', id: whatsappId }],
    }),
    /** GET /messages/{ticketId}/window; `at` (the ticket's last change) asks again when the customer wrote. */
    customerWindow: build.query<CustomerWindowView, { ticketId: number; at: string }>({
      query: ({ ticketId }) => `/messages/${ticketId}/window`,
      providesTags: (_result, _error, { ticketId }) => [{ type: 'CustomerWindow', id: ticketId }],
    }),
    /** POST /messages/{ticketId}/template. */
    sendTemplate: build.mutation<MessageView, TemplateMessageInput>({
      query: ({ ticketId, ...body }) => ({ url: `/messages/${ticketId}/template`, method: 'POST', body }),
    }),
  }),
});

export const { useTemplatesQuery, useSyncTemplatesMutation, useCreateTemplateMutation, useCustomerWindowQuery, useSendTemplateMutation } =
  templatesApi;
