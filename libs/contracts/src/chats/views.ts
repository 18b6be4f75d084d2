/** A member of a chat (spec 001 Chat entity: userId, unreads, user id and name). */
export interface ChatMemberView {
  chatId: number;
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

/** Spec 001 Chat: id, uuid, title, ownerId, lastMessage, updatedAt, users. */
export interface ChatView {
  id: number;
  uuid: string;
  companyId: number;
  title: string;
  ownerId: number;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMemberView[];
}

/** Spec 001 Chat message: senderId, sender name, message, createdAt, chatId. */
export interface ChatMessageView {
  id: number;
  chatId: number;
  senderId: number;
  sender: { id: number; name: string };
  message: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChatsPageView {
  records: ChatView[];
  count: number;
  hasMore: boolean;
}

/** One page of a chat's messages, oldest first within the page; page 1 is the newest. */
export interface ChatMessagesPageView {
  records: ChatMessageView[];
  count: number;
  hasMore: boolean;
}
