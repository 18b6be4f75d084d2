import type { AllTicket, Profile, UserView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

export interface UsersPage {
  users: UserView[];
  count: number;
  hasMore: boolean;
}

/** Body of POST /users and PUT /users/{id} (spec 000 section 7). */
export interface UserInput {
  name: string;
  email: string;
  password?: string;
  profile?: Profile;
  queueIds?: number[];
  allTicket?: AllTicket;
  whatsappId?: number | null;
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.infiniteQuery<UsersPage, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/users/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Users'],
    }),
    user: build.query<UserView, number>({
      query: (id) => `/users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Users', id }],
    }),
    createUser: build.mutation<UserView, UserInput>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      invalidatesTags: ['Users'],
    }),
    updateUser: build.mutation<UserView, UserInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Users', 'Me'],
    }),
    deleteUser: build.mutation<unknown, number>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Users'],
    }),
  }),
});

export const { useUsersInfiniteQuery, useUserQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } = usersApi;
