import type { AuthResult, LoginChallenge, PublicPlanView, SessionUserView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /companies/cadastro (spec 000 section 3, signup payload). */
export interface SignupPayload {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: number;
  recurrence: 'MENSAL';
  dueDate: string;
  status: 't';
  campaignsEnabled: true;
  companyId?: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A token, or (issue 28) a challenge: the second factor, or setting one up. */
    login: build.mutation<AuthResult | LoginChallenge, Credentials>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout', method: 'DELETE' }),
      extraOptions: { skipSessionRules: true },
    }),
    me: build.query<SessionUserView, void>({
      query: () => '/auth/me',
      providesTags: ['Me'],
    }),
    version: build.query<{ version: string }, void>({
      query: () => '/version',
      providesTags: ['Version'],
    }),
    publicPlans: build.query<PublicPlanView[], void>({
      query: () => '/plans/list',
      providesTags: ['Plans'],
    }),
    signup: build.mutation<unknown, SignupPayload>({
      query: (payload) => ({ url: '/companies/cadastro', method: 'POST', body: payload }),
    }),
    forgotPassword: build.mutation<unknown, string>({
      query: (email) => ({ url: `/forgetpassword/${encodeURIComponent(email)}`, method: 'POST' }),
    }),
    resetPassword: build.mutation<unknown, { email: string; token: string; newPassword: string }>({
      query: ({ email, token, newPassword }) => ({
        url: `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(token)}/${encodeURIComponent(newPassword)}`,
        method: 'POST',
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useVersionQuery,
  usePublicPlansQuery,
  useSignupMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
