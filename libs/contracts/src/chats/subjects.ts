/** NATS request/reply subjects of internal chat, served by the tickets service. */
export const ChatsSubjects = {
  /** ChatsQueryDto → ChatsPageView: the actor's chats. */
  page: 'tickets.chats.page',
  /** `{ id }` (number or uuid) → ChatView. */
  show: 'tickets.chats.show',
  create: 'tickets.chats.create',
  /** `{ id, body: UpdateChatDto }`, owner only. */
  update: 'tickets.chats.update',
  /** `{ id }`, owner only. */
  delete: 'tickets.chats.delete',
  /** `{ id, body: ChatMessagesQueryDto }` → ChatMessagesPageView. */
  messages: 'tickets.chats.messages',
  /** `{ id, body: ChatMessageDto }` → ChatMessageView. */
  send: 'tickets.chats.send',
  /** `{ id }` → ChatView: the actor read the chat (their unread count back to 0). */
  read: 'tickets.chats.read',
} as const;
