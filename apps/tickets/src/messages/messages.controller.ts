import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  MediaAccessDto,
  MessagesQueryDto,
  SendMessageCommand,
  TicketsSubjects,
  type Actor,
  type MessagesPageView,
  type MessageView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { MessagesService } from './messages.service.js';

@Controller()
export class MessagesController {
  constructor(@Inject(MessagesService) private readonly messages: MessagesService) {}

  /** Data `{ ticketId, query }`. */
  @MessagePattern(TicketsSubjects.messagesPage)
  page(
    @RpcActor() actor: Actor,
    @RpcId('ticketId') ticketId: number,
    @RpcData({ dto: MessagesQueryDto, path: 'query' }) query: MessagesQueryDto,
  ): Promise<MessagesPageView> {
    return this.messages.page(actor, ticketId, query);
  }

  @MessagePattern(TicketsSubjects.messagesSend)
  send(@RpcActor() actor: Actor, @RpcData({ dto: SendMessageCommand }) command: SendMessageCommand): Promise<MessageView[]> {
    return this.messages.send(actor, command);
  }

  @MessagePattern(TicketsSubjects.messagesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<MessageView> {
    return this.messages.delete(actor, id);
  }

  @MessagePattern(TicketsSubjects.mediaAccess)
  mediaAccess(@RpcActor() actor: Actor, @RpcData({ dto: MediaAccessDto }) dto: MediaAccessDto): Promise<{ allowed: boolean }> {
    return this.messages.mediaAccess(actor, dto.key);
  }
}
