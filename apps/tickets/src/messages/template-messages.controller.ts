import { Controller, Inject } from '@nestjs/common';
import { TicketsSubjects, TicketTemplateMessageDto, type Actor, type CustomerWindowView, type MessageView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { TemplateMessagesService } from './template-messages.service.js';

@Controller()
export class TemplateMessagesController {
  constructor(@Inject(TemplateMessagesService) private readonly templates: TemplateMessagesService) {}

  @RpcHandler(TicketsSubjects.customerWindowShow)
  window(@RpcActor() actor: Actor, @RpcId() ticketId: number): Promise<CustomerWindowView> {
    return this.templates.window(actor, ticketId);
  }

  @RpcHandler(TicketsSubjects.messagesSendTemplate)
  send(@RpcActor() actor: Actor, @RpcData({ dto: TicketTemplateMessageDto }) dto: TicketTemplateMessageDto): Promise<MessageView> {
    return this.templates.send(actor, dto);
  }
}
