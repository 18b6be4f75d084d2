import type {
  CampaignTemplate,
  CampaignSettingsValuesDto,
  CampaignSettingsView,
  CampaignShippingsView,
  CampaignsPageView,
  CampaignView,
  ContactListView,
} from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/**
 * Body of POST /campaigns and PUT /campaigns/{id} (spec 001 section 5): empty texts as null,
 * scheduledAt as 'YYYY-MM-DD HH:mm:ss' (with the browser's offset, so the instant is unambiguous),
 * tagListId 'Nenhuma' for no tag.
 */
export interface CampaignInput {
  name?: string;
  /** A Cloud API connection's approved template with its values (issue 26). */
  template?: CampaignTemplate | null;
  confirmation?: boolean;
  contactListId?: number | null;
  tagListId?: number | 'Nenhuma';
  whatsappId?: number | null;
  fileListId?: number | null;
  scheduledAt?: string | null;
  message1?: string | null;
  message2?: string | null;
  message3?: string | null;
  message4?: string | null;
  message5?: string | null;
  confirmationMessage1?: string | null;
  confirmationMessage2?: string | null;
  confirmationMessage3?: string | null;
  confirmationMessage4?: string | null;
  confirmationMessage5?: string | null;
}

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    campaignsPage: build.infiniteQuery<CampaignsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/campaigns/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Campaigns'],
    }),
    campaign: build.query<CampaignView, number>({
      query: (id) => `/campaigns/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Campaigns', id }],
    }),
    createCampaign: build.mutation<CampaignView, CampaignInput>({
      query: (body) => ({ url: '/campaigns', method: 'POST', body }),
      invalidatesTags: ['Campaigns'],
    }),
    updateCampaign: build.mutation<CampaignView, CampaignInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/campaigns/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Campaigns'],
    }),
    deleteCampaign: build.mutation<unknown, number>({
      query: (id) => ({ url: `/campaigns/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Campaigns'],
    }),
    cancelCampaign: build.mutation<CampaignView, number>({
      query: (id) => ({ url: `/campaigns/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['Campaigns', 'CampaignShippings'],
    }),
    restartCampaign: build.mutation<CampaignView, number>({
      query: (id) => ({ url: `/campaigns/${id}/restart`, method: 'POST' }),
      invalidatesTags: ['Campaigns', 'CampaignShippings'],
    }),
    /** Multipart `file`: the campaign's attachment (only while it is editable). */
    uploadCampaignMedia: build.mutation<CampaignView, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('typeArch', 'campaign');
        form.append('file', file, file.name);
        return { url: `/campaigns/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['Campaigns'],
    }),
    deleteCampaignMedia: build.mutation<CampaignView, number>({
      query: (id) => ({ url: `/campaigns/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Campaigns'],
    }),
    /** One page of the campaign's shippings, by number. */
    campaignShippings: build.query<CampaignShippingsView, { id: number; pageNumber: number; limit: number }>({
      query: ({ id, pageNumber, limit }) => ({ url: `/campaigns/${id}/shippings`, params: { pageNumber, limit } }),
      providesTags: (_result, _error, { id }) => [{ type: 'CampaignShippings', id }],
    }),
    /** The shippings export as CSV text, for the download. */
    campaignShippingsCsv: build.query<string, number>({
      query: (id) => ({ url: `/campaigns/${id}/shippings.csv`, responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
    campaignSettings: build.query<CampaignSettingsView, void>({
      query: () => '/campaign-settings',
      providesTags: ['CampaignSettings'],
    }),
    saveCampaignSettings: build.mutation<CampaignSettingsView, CampaignSettingsValuesDto>({
      query: (settings) => ({ url: '/campaign-settings', method: 'POST', body: { settings } }),
      invalidatesTags: ['CampaignSettings'],
    }),
    /** GET /contact-lists/list: every list of the company, for the dialog's select. */
    contactListOptions: build.query<ContactListView[], void>({
      query: () => '/contact-lists/list',
      providesTags: ['ContactLists'],
    }),
  }),
});

export const {
  useCampaignsPageInfiniteQuery,
  useCampaignQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCancelCampaignMutation,
  useRestartCampaignMutation,
  useUploadCampaignMediaMutation,
  useDeleteCampaignMediaMutation,
  useCampaignShippingsQuery,
  useLazyCampaignShippingsCsvQuery,
  useCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
  useContactListOptionsQuery,
} = campaignsApi;
