import type { ById, Rpc, Update } from '../contract.js';
import type { ChatDto, ChatMessageDto, ChatMessagesQueryDto, ChatReadDto, ChatsQueryDto, UpdateChatDto } from './dto.js';
import { ChatsSubjects as S } from './subjects.js';
import type { ChatMessagesPageView, ChatMessageView, ChatsPageView, ChatView } from './views.js';

/** What each internal-chat subject (served by tickets) takes and answers. */
export type ChatsContract = {
  [S.page]: Rpc<ChatsQueryDto, ChatsPageView>;
  /** The id is a number or the chat's uuid. */
  [S.show]: Rpc<{ id: number | string }, ChatView>;
  [S.create]: Rpc<ChatDto, ChatView>;
  [S.update]: Rpc<Update<UpdateChatDto>, ChatView>;
  [S.delete]: Rpc<ById, ChatView>;
  [S.messages]: Rpc<Update<ChatMessagesQueryDto>, ChatMessagesPageView>;
  [S.send]: Rpc<Update<ChatMessageDto>, ChatMessageView>;
  [S.read]: Rpc<Update<ChatReadDto>, ChatView>;
};
