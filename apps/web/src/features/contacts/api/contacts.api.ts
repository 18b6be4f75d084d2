import type { ContactsPageView, ContactView, ExtraInfoView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Body of POST /contacts and PUT /contacts/{id} (spec 000 "Contact form"). */
export interface ContactInput {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraInfoView[];
}

export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /contacts with searchParam (name, number or e-mail), 20 a page. */
    contactsPage: build.infiniteQuery<ContactsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/contacts', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Contacts'],
    }),
    contact: build.query<ContactView, number>({
      query: (id) => `/contacts/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Contacts', id }],
    }),
    createContact: build.mutation<ContactView, ContactInput>({
      query: (body) => ({ url: '/contacts', method: 'POST', body }),
      invalidatesTags: ['Contacts'],
    }),
    updateContact: build.mutation<ContactView, ContactInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/contacts/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Contacts', { type: 'Contacts', id }],
    }),
    deleteContact: build.mutation<unknown, number>({
      query: (id) => ({ url: `/contacts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Contacts'],
    }),
    /** POST /contacts/import: the connected phone's address book. */
    importContacts: build.mutation<unknown, void>({
      query: () => ({ url: '/contacts/import', method: 'POST' }),
      invalidatesTags: ['Contacts'],
    }),
  }),
});

export const {
  useContactsPageInfiniteQuery,
  useContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useImportContactsMutation,
} = contactsApi;
