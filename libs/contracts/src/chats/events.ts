import type { ChatMessageView, ChatView } from './views.js';

/** The live channels of internal chat (spec 001): each reaches the chat's members only. */
export const CHAT_EVENT_KINDS = {
  /** `company-{id}-chat`: every change of the user's chats (the list and the top bar's popover). */
  chat: 'chat',
  /** `company-{id}-chat-user`: a chat the user was added to (create) or whose record changed (update). */
  chatUser: 'chat-user',
  /** `company-{id}-chat-user-{userId}`: the same, under the name Atendechat 6.0.0's chat page listens to (one per member). */
  oneMember: (userId: number): `chat-user-${number}` => `chat-user-${userId}`,
  /** `company-{id}-chat-{chatId}`: the open conversation's messages and record. */
  oneChat: (chatId: number): `chat-${number}` => `chat-${chatId}`,
} as const;

export type ChatEventPayload =
  /** `newMessage.chat` (with its `users`) as the original backend sends it; older clients read it. */
  | { action: 'new-message'; newMessage: ChatMessageView & { chat: ChatView }; chat: ChatView }
  | { action: 'create' | 'update'; chat: ChatView; record: ChatView }
  | { action: 'delete'; id: number };
