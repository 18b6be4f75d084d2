import { api } from '../../../shared/api/api';

/** Chat summary as GET /chats/ lists it (spec 000 section 3); the internal-chat issue owns the rest. */
export interface ChatSummary {
  id: number;
  uuid: string;
  lastMessage: string | null;
  updatedAt: string;
  users: { userId: number; unreads: number }[];
}

export const chatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chats: build.query<{ records: ChatSummary[]; hasMore: boolean }, void>({
      query: () => ({ url: '/chats/', params: { pageNumber: 1 } }),
      providesTags: ['Chats'],
    }),
  }),
});

export const { useChatsQuery } = chatsApi;
