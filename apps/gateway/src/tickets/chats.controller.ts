import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  ChatDto,
  ChatMessageDto,
  ChatMessagesQueryDto,
  ChatReadDto,
  ChatsQueryDto,
  ChatsSubjects,
  UpdateChatDto,
  type ActorState,
  type ChatMessagesPageView,
  type ChatMessageView,
  type ChatsPageView,
  type ChatView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/**
 * Internal chat (spec 001 "Internal chat", served by the tickets service): the caller sees only
 * the chats they are a member of; only a chat's owner edits or deletes it. `GET /chats/{id}`
 * takes the numeric id or the chat's uuid (the page's `/chats/{uuid}` links). Plan flag useInternalChat.
 */
@Controller('chats')
@RequiresPlan('useInternalChat')
export class ChatsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: ChatsQueryDto): Promise<ChatsPageView> {
    return this.rpc.request(ChatsSubjects.page, query, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id') id: string): Promise<ChatView> {
    return this.rpc.request(ChatsSubjects.show, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: ChatDto): Promise<ChatView> {
    return this.rpc.request(ChatsSubjects.create, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateChatDto): Promise<ChatView> {
    return this.rpc.request(ChatsSubjects.update, { id, body }, { actor });
  }

  @Delete(':id')
  async delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    await this.rpc.request(ChatsSubjects.delete, { id }, { actor });
    return { message: 'Chat deleted' };
  }

  @Get(':id/messages')
  messages(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Query() query: ChatMessagesQueryDto,
  ): Promise<ChatMessagesPageView> {
    return this.rpc.request(ChatsSubjects.messages, { id, body: query }, { actor });
  }

  @Post(':id/messages')
  send(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: ChatMessageDto): Promise<ChatMessageView> {
    return this.rpc.request(ChatsSubjects.send, { id, body }, { actor });
  }

  /** Body `{ userId }` as clients send it; only the caller's own unread count is reset. */
  @Post(':id/read')
  read(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: ChatReadDto): Promise<ChatView> {
    return this.rpc.request(ChatsSubjects.read, { id, body }, { actor });
  }
}
