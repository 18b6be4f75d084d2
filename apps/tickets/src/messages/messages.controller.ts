import { Controller, Inject } from '@nestjs/common';
import {
  MediaAccessDto,
  MessagesQueryDto,
  SendMessageCommand,
  TicketsSubjects,
  type Actor,
  type MessagesPageView,
  type MessageView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { MessagesService } from './messages.service.js';
import { OutgoingMessagesService } from './outgoing-messages.service.js';

@Controller()
export class MessagesController {
  constructor(
    @Inject(MessagesService) private readonly messages: MessagesService,
    @Inject(OutgoingMessagesService) private readonly outgoing: OutgoingMessagesService,
  ) {}

  /** Data `{ ticketId, query }`. */
  @RpcHandler(TicketsSubjects.messagesPage)
  page(
    @RpcActor() actor: Actor,
    @RpcId('ticketId') ticketId: number,
    @RpcData({ dto: MessagesQueryDto, path: 'query' }) query: MessagesQueryDto,
  ): Promise<MessagesPageView> {
    return this.messages.page(actor, ticketId, query);
  }

  @RpcHandler(TicketsSubjects.messagesSend)
  send(@RpcActor() actor: Actor, @RpcData({ dto: SendMessageCommand }) command: SendMessageCommand): Promise<MessageView[]> {
    return this.outgoing.send(actor, command);
  }

  @RpcHandler(TicketsSubjects.messagesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<MessageView> {
    return this.messages.delete(actor, id);
  }

  @RpcHandler(TicketsSubjects.mediaAccess)
  mediaAccess(@RpcActor() actor: Actor, @RpcData({ dto: MediaAccessDto }) dto: MediaAccessDto): Promise<{ allowed: boolean }> {
    return this.messages.mediaAccess(actor, dto.key);
  }
}
