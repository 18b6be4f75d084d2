import { useChatsQuery, type ChatSummary } from '../api/chats.api';

export function hasUnreadChats(chats: readonly ChatSummary[] | undefined, userId: number): boolean {
  return (chats ?? []).some((chat) => chat.users.some((member) => member.userId === userId && member.unreads > 0));
}

/** The unread dot on the chats item. */
export function useUnreadChats(userId: number, enabled: boolean): boolean {
  const { data } = useChatsQuery(undefined, { skip: !enabled });
  return enabled && hasUnreadChats(data?.records, userId);
}
