import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { AuthResult } from '@atrium/contracts';
import { sessionEnded, sessionRefreshed, type AuthState } from '../../features/auth/auth.slice';
import { apiUrl } from '../config/app-config';

type ExtraOptions = { skipSessionRules?: boolean };

function tokenOf(api: Pick<BaseQueryApi, 'getState'>): string | null {
  return (api.getState() as { auth: AuthState }).auth.token;
}

/** The bearer token on every call, and cookies (the `jrt` refresh cookie lives on /auth). */
const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders: (headers, api) => {
    const token = tokenOf(api);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

function withApiUrl(args: string | FetchArgs): FetchArgs {
  const request = typeof args === 'string' ? { url: args } : args;
  return { ...request, url: `${apiUrl()}${request.url.startsWith('/') ? '' : '/'}${request.url}` };
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time for the whole tab; every caller that got a 403 waits for the same one. */
function refreshSession(api: BaseQueryApi, extraOptions: ExtraOptions): Promise<boolean> {
  refreshing ??= (async () => {
    const result = await rawBaseQuery(withApiUrl({ url: '/auth/refresh_token', method: 'POST' }), api, extraOptions);
    if (result.error || !result.data) return false;
    api.dispatch(sessionRefreshed(result.data as AuthResult));
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The gateway answers an expired or invalid access token with 403 ERR_SESSION_EXPIRED. */
function isExpiredToken(error: FetchBaseQueryError): boolean {
  return (error.data as { error?: unknown } | undefined)?.error === 'ERR_SESSION_EXPIRED';
}

/**
 * Session rules of spec 000 section 4: a 401 signs the tab out; a 403 for an expired token
 * triggers one refresh (cookie based) and one retry. Other 403s (ERR_NO_PERMISSION, a plan
 * feature off) are answers, not session trouble, and reach the caller as they are. Calls made
 * without a token (login, signup) are left alone.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ExtraOptions> = async (
  args,
  api,
  extraOptions = {},
) => {
  if (refreshing) await refreshing;
  const request = withApiUrl(args);
  const hadToken = tokenOf(api) !== null;
  let result = await rawBaseQuery(request, api, extraOptions);
  if (extraOptions.skipSessionRules || !hadToken || !result.error) return result;

  if (result.error.status === 403 && isExpiredToken(result.error)) {
    if (!(await refreshSession(api, extraOptions))) {
      api.dispatch(sessionEnded());
      return result;
    }
    result = await rawBaseQuery(request, api, extraOptions);
  }
  if (result.error?.status === 401) api.dispatch(sessionEnded());
  return result;
};
