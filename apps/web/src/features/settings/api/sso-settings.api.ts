import type { SsoSettingsView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { apiUrl } from '../../../shared/config/app-config';

/** The redirect URI admins register at their provider: the gateway's callback. */
export function ssoCallbackUrl(): string {
  return `${apiUrl()}/auth/sso/callback`;
}

/** PUT /sso-settings: the client secret only when typed (left out, the stored one stays). */
export interface SsoSettingsInput {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  domains: string[];
  enabled: boolean;
  requireSso: boolean;
}

export const ssoSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ssoSettings: build.query<SsoSettingsView, void>({
      query: () => '/sso-settings',
      providesTags: ['Settings'],
    }),
    updateSsoSettings: build.mutation<SsoSettingsView, SsoSettingsInput>({
      query: (body) => ({ url: '/sso-settings', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useSsoSettingsQuery, useUpdateSsoSettingsMutation } = ssoSettingsApi;
