import type { SettingView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    settings: build.query<SettingView[], void>({
      query: () => '/settings',
      providesTags: ['Settings'],
    }),
    updateSetting: build.mutation<SettingView, SettingView>({
      query: ({ key, value }) => ({ url: `/settings/${encodeURIComponent(key)}`, method: 'PUT', body: { key, value } }),
      invalidatesTags: ['Settings', 'Me'],
    }),
  }),
});

export const { useSettingsQuery, useUpdateSettingMutation } = settingsApi;
