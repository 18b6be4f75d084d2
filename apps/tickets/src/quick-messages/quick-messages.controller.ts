import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  QuickMessageDto,
  QuickMessageMediaDto,
  QuickMessagesQueryDto,
  TicketsSubjects,
  UpdateQuickMessageDto,
  type Actor,
  type QuickMessagesPageView,
  type QuickMessageView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { QuickMessagesService } from './quick-messages.service.js';

@Controller()
export class QuickMessagesController {
  constructor(@Inject(QuickMessagesService) private readonly quickMessages: QuickMessagesService) {}

  @MessagePattern(TicketsSubjects.quickMessagesPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: QuickMessagesQueryDto }) query: QuickMessagesQueryDto): Promise<QuickMessagesPageView> {
    return this.quickMessages.page(actor, query);
  }

  @MessagePattern(TicketsSubjects.quickMessagesList)
  list(@RpcActor() actor: Actor): Promise<QuickMessageView[]> {
    return this.quickMessages.list(actor);
  }

  @MessagePattern(TicketsSubjects.quickMessagesShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<QuickMessageView> {
    return this.quickMessages.show(actor, id);
  }

  @MessagePattern(TicketsSubjects.quickMessagesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: QuickMessageDto }) dto: QuickMessageDto): Promise<QuickMessageView> {
    return this.quickMessages.create(actor, dto);
  }

  @MessagePattern(TicketsSubjects.quickMessagesUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateQuickMessageDto, path: 'body' }) dto: UpdateQuickMessageDto,
  ): Promise<QuickMessageView> {
    return this.quickMessages.update(actor, id, dto);
  }

  @MessagePattern(TicketsSubjects.quickMessagesSetMedia)
  setMedia(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: QuickMessageMediaDto, path: 'body' }) dto: QuickMessageMediaDto): Promise<QuickMessageView> {
    return this.quickMessages.setMedia(actor, id, dto);
  }

  @MessagePattern(TicketsSubjects.quickMessagesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<QuickMessageView> {
    return this.quickMessages.delete(actor, id);
  }
}
