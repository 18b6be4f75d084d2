import type { AuthResult, SsoStartView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** Single sign-on on the login page (issue 28): where to send the browser, then the session its return left in the refresh cookie. */
export const ssoApi = api.injectEndpoints({
  endpoints: (build) => ({
    ssoStart: build.mutation<SsoStartView, string>({
      query: (email) => ({ url: '/auth/sso/start', method: 'POST', body: { email } }),
      extraOptions: { skipSessionRules: true },
    }),
    ssoSession: build.mutation<AuthResult, void>({
      query: () => ({ url: '/auth/refresh_token', method: 'POST' }),
      extraOptions: { skipSessionRules: true },
    }),
  }),
});

export const { useSsoStartMutation, useSsoSessionMutation } = ssoApi;
