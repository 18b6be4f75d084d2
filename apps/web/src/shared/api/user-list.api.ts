import type { UserView } from '@atrium/contracts';
import { api } from './api';

/** GET /users/list: every user of the company, for the transfer dialog, the user filter, the chats' members and the notes' mentions. */
export const userListApi = api.injectEndpoints({
  endpoints: (build) => ({
    userList: build.query<UserView[], void>({
      query: () => '/users/list',
      providesTags: ['Users'],
    }),
  }),
});

export const { useUserListQuery } = userListApi;
