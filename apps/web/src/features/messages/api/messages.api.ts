import type { MessagesPageView, MessageView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** JSON body of POST /messages/{ticketId} (spec 000 section 7). */
export interface TextMessageInput {
  body: string;
  quotedMsg?: number;
  mediaUrl?: string;
  signMessage: boolean;
}

/** Files (`medias`) with an optional caption, as multipart. */
export interface MediaMessageInput {
  files: File[];
  body?: string;
  quotedMsg?: number;
  signMessage: boolean;
}

export function mediaForm(input: MediaMessageInput): FormData {
  const form = new FormData();
  for (const file of input.files) form.append('medias', file, file.name);
  form.append('body', input.body ?? '');
  form.append('fromMe', 'true');
  form.append('signMessage', String(input.signMessage));
  if (input.quotedMsg !== undefined) form.append('quotedMsg', String(input.quotedMsg));
  return form;
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /messages/{ticketId}: page 1 holds the newest messages (oldest first); page 1 marks the ticket read. */
    messagesPage: build.infiniteQuery<MessagesPageView, number, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: `/messages/${queryArg}`, params: { pageNumber: pageParam } }),
      providesTags: (_result, _error, ticketId) => [{ type: 'Messages', id: ticketId }],
    }),
    /** The same pages for an admin's peek: `markRead=false` leaves the unread count and WhatsApp's read receipts alone. */
    peekMessagesPage: build.infiniteQuery<MessagesPageView, number, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: `/messages/${queryArg}`, params: { pageNumber: pageParam, markRead: false } }),
    }),
    sendText: build.mutation<MessageView[], TextMessageInput & { ticketId: number }>({
      query: ({ ticketId, ...body }) => ({ url: `/messages/${ticketId}`, method: 'POST', body: { ...body, read: true, fromMe: true } }),
    }),
    sendMedia: build.mutation<MessageView[], MediaMessageInput & { ticketId: number }>({
      query: ({ ticketId, ...input }) => ({ url: `/messages/${ticketId}`, method: 'POST', body: mediaForm(input) }),
    }),
    deleteMessage: build.mutation<MessageView, number>({
      query: (id) => ({ url: `/messages/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useMessagesPageInfiniteQuery,
  usePeekMessagesPageInfiniteQuery,
  useSendTextMutation,
  useSendMediaMutation,
  useDeleteMessageMutation,
} = messagesApi;
