import type { ConfigurableProfile, PermissionAction, PermissionsView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export const permissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /permissions (admins): every action, its defaults and who holds it in the company. */
    permissions: build.query<PermissionsView, void>({
      query: () => '/permissions',
      providesTags: ['Permissions'],
    }),
    /** PUT /permissions: the whole list of actions a supervisor or user profile holds from now on. */
    savePermissions: build.mutation<PermissionsView, { profile: ConfigurableProfile; actions: PermissionAction[] }>({
      query: (body) => ({ url: '/permissions', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(permissionsApi.util.upsertQueryData('permissions', undefined, data));
      },
    }),
  }),
});

export const { usePermissionsQuery, useSavePermissionsMutation } = permissionsApi;
