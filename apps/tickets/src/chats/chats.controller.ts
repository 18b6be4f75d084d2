import { Controller, Inject } from '@nestjs/common';
import {
  ChatDto,
  ChatMessageDto,
  ChatMessagesQueryDto,
  ChatReadDto,
  ChatsQueryDto,
  ChatsSubjects,
  UpdateChatDto,
  type Actor,
  type ChatMessagesPageView,
  type ChatMessageView,
  type ChatsPageView,
  type ChatView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { ChatsService } from './chats.service.js';

@Controller()
export class ChatsController {
  constructor(@Inject(ChatsService) private readonly chats: ChatsService) {}

  @RpcHandler(ChatsSubjects.page)
  page(@RpcActor() actor: Actor, @RpcData({ dto: ChatsQueryDto }) query: ChatsQueryDto): Promise<ChatsPageView> {
    return this.chats.page(actor, query);
  }

  @RpcHandler(ChatsSubjects.show)
  show(@RpcActor() actor: Actor, @RpcData({ path: 'id' }) id: unknown): Promise<ChatView> {
    return this.chats.show(actor, id);
  }

  @RpcHandler(ChatsSubjects.create)
  create(@RpcActor() actor: Actor, @RpcData({ dto: ChatDto }) dto: ChatDto): Promise<ChatView> {
    return this.chats.create(actor, dto);
  }

  @RpcHandler(ChatsSubjects.update)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateChatDto, path: 'body' }) dto: UpdateChatDto,
  ): Promise<ChatView> {
    return this.chats.update(actor, id, dto);
  }

  @RpcHandler(ChatsSubjects.delete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<ChatView> {
    return this.chats.delete(actor, id);
  }

  @RpcHandler(ChatsSubjects.messages)
  messages(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: ChatMessagesQueryDto, path: 'body' }) query: ChatMessagesQueryDto,
  ): Promise<ChatMessagesPageView> {
    return this.chats.messages(actor, id, query);
  }

  @RpcHandler(ChatsSubjects.send)
  send(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: ChatMessageDto, path: 'body' }) dto: ChatMessageDto,
  ): Promise<ChatMessageView> {
    return this.chats.send(actor, id, dto);
  }

  @RpcHandler(ChatsSubjects.read)
  read(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: ChatReadDto, path: 'body' }) dto: ChatReadDto): Promise<ChatView> {
    return this.chats.read(actor, id, dto.userId);
  }
}
