import type {
  ContactListImportProgress,
  ContactListItemsPageView,
  ContactListItemView,
  ContactListsPageView,
  ContactListView,
} from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Body of POST /contact-list-items and PUT /contact-list-items/{id} (spec 001 "Contact list items"). */
export interface ContactListItemInput {
  name: string;
  number: string;
  email: string;
}

export const contactListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactListsPage: build.infiniteQuery<ContactListsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/contact-lists/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['ContactLists'],
    }),
    contactList: build.query<ContactListView, number>({
      query: (id) => `/contact-lists/${id}`,
      providesTags: (_result, _error, id) => ['ContactLists', { type: 'ContactLists', id }],
    }),
    createContactList: build.mutation<ContactListView, { name: string }>({
      query: (body) => ({ url: '/contact-lists', method: 'POST', body }),
      invalidatesTags: ['ContactLists'],
    }),
    updateContactList: build.mutation<ContactListView, { id: number; name: string }>({
      query: ({ id, ...body }) => ({ url: `/contact-lists/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ContactLists'],
    }),
    deleteContactList: build.mutation<unknown, number>({
      query: (id) => ({ url: `/contact-lists/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactLists'],
    }),
    contactListItemsPage: build.infiniteQuery<ContactListItemsPageView, { contactListId: number; searchParam: string }, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/contact-list-items', params: { ...queryArg, pageNumber: pageParam } }),
      providesTags: ['ContactListItems'],
    }),
    contactListItem: build.query<ContactListItemView, number>({
      query: (id) => `/contact-list-items/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'ContactListItems', id }],
    }),
    createContactListItem: build.mutation<ContactListItemView, ContactListItemInput & { contactListId: number }>({
      query: (body) => ({ url: '/contact-list-items', method: 'POST', body }),
      invalidatesTags: ['ContactListItems', 'ContactLists'],
    }),
    updateContactListItem: build.mutation<ContactListItemView, ContactListItemInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/contact-list-items/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ContactListItems'],
    }),
    deleteContactListItem: build.mutation<unknown, number>({
      query: (id) => ({ url: `/contact-list-items/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactListItems', 'ContactLists'],
    }),
    /** Multipart `file` (.xls or .xlsx); the import runs as a job whose progress comes live. */
    uploadContactList: build.mutation<ContactListImportProgress, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `/contact-lists/${id}/upload`, method: 'POST', body: form };
      },
    }),
    latestImport: build.query<ContactListImportProgress | null, number>({
      query: (id) => `/contact-lists/${id}/import`,
    }),
  }),
});

export const {
  useContactListsPageInfiniteQuery,
  useContactListQuery,
  useCreateContactListMutation,
  useUpdateContactListMutation,
  useDeleteContactListMutation,
  useContactListItemsPageInfiniteQuery,
  useContactListItemQuery,
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  useDeleteContactListItemMutation,
  useUploadContactListMutation,
  useLatestImportQuery,
} = contactListsApi;
