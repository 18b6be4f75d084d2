import type { AuthResult, TwoFactorEnabledView, TwoFactorSetupView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** Two-factor login (issue 28): only the login's second step and the profile load these. */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginTwoFactor: build.mutation<AuthResult, { challenge: string; code: string }>({
      query: (body) => ({ url: '/auth/login/2fa', method: 'POST', body }),
    }),
    /** Logged in, or with the setup challenge of a login the company requires 2FA for. */
    setupTwoFactor: build.mutation<TwoFactorSetupView, { challenge?: string }>({
      query: (body) => ({ url: '/auth/2fa/setup', method: 'POST', body }),
    }),
    enableTwoFactor: build.mutation<TwoFactorEnabledView & Partial<AuthResult>, { code: string; challenge?: string }>({
      query: (body) => ({ url: '/auth/2fa/enable', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => (body.challenge ? [] : ['Me']),
    }),
    disableTwoFactor: build.mutation<{ message: string }, { code: string }>({
      query: (body) => ({ url: '/auth/2fa/disable', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    resetTwoFactor: build.mutation<{ message: string }, number>({
      query: (userId) => ({ url: `/users/${userId}/2fa`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useLoginTwoFactorMutation,
  useSetupTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useResetTwoFactorMutation,
} = twoFactorApi;
