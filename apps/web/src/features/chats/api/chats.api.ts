import type { ChatMessagesPageView, ChatMessageView, ChatsPageView, ChatView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** A chat as GET /chats/ lists it (spec 001 Chat). */
export type ChatSummary = ChatView;

export interface ChatInput {
  title: string;
  users: number[];
}

export const chatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The first page of the user's chats: the top bar's popover and the drawer's unread dot. */
    chats: build.query<ChatsPageView, void>({
      query: () => ({ url: '/chats/', params: { searchParam: '', pageNumber: 1 } }),
      providesTags: ['Chats'],
    }),
    chatsPage: build.infiniteQuery<ChatsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/chats/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['Chats'],
    }),
    /** One chat by its uuid (the page's `/chats/{uuid}`). */
    chat: build.query<ChatView, string>({
      query: (uuid) => `/chats/${uuid}`,
      providesTags: ['Chats'],
    }),
    /** Page 1 holds the newest messages (oldest first within a page); later pages are older. */
    chatMessages: build.infiniteQuery<ChatMessagesPageView, number, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: `/chats/${queryArg}/messages`, params: { pageNumber: pageParam } }),
      providesTags: (_result, _error, chatId) => [{ type: 'ChatMessages', id: chatId }],
    }),
    createChat: build.mutation<ChatView, ChatInput>({
      query: (body) => ({ url: '/chats', method: 'POST', body }),
      invalidatesTags: ['Chats'],
    }),
    updateChat: build.mutation<ChatView, ChatInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/chats/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Chats'],
    }),
    deleteChat: build.mutation<unknown, number>({
      query: (id) => ({ url: `/chats/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Chats'],
    }),
    sendChatMessage: build.mutation<ChatMessageView, { chatId: number; message: string }>({
      query: ({ chatId, message }) => ({ url: `/chats/${chatId}/messages`, method: 'POST', body: { message } }),
      invalidatesTags: (_result, _error, { chatId }) => ['Chats', { type: 'ChatMessages', id: chatId }],
    }),
    markChatRead: build.mutation<ChatView, { chatId: number; userId: number }>({
      query: ({ chatId, userId }) => ({ url: `/chats/${chatId}/read`, method: 'POST', body: { userId } }),
      invalidatesTags: ['Chats'],
    }),
  }),
});

export const {
  useChatsQuery,
  useChatsPageInfiniteQuery,
  useChatQuery,
  useChatMessagesInfiniteQuery,
  useCreateChatMutation,
  useUpdateChatMutation,
  useDeleteChatMutation,
  useSendChatMessageMutation,
  useMarkChatReadMutation,
} = chatsApi;
