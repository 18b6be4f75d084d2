import type { UserView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

/** GET /users/list: every user of the company, for the transfer dialog and the user filter. */
export const userListApi = api.injectEndpoints({
  endpoints: (build) => ({
    userList: build.query<UserView[], void>({
      query: () => '/users/list',
      providesTags: ['Users'],
    }),
  }),
});

export const { useUserListQuery } = userListApi;
