import { Controller, Inject } from '@nestjs/common';
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
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { QuickMessagesService } from './quick-messages.service.js';

@Controller()
export class QuickMessagesController {
  constructor(@Inject(QuickMessagesService) private readonly quickMessages: QuickMessagesService) {}

  @RpcHandler(TicketsSubjects.quickMessagesPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: QuickMessagesQueryDto }) query: QuickMessagesQueryDto): Promise<QuickMessagesPageView> {
    return this.quickMessages.page(actor, query);
  }

  @RpcHandler(TicketsSubjects.quickMessagesList)
  list(@RpcActor() actor: Actor): Promise<QuickMessageView[]> {
    return this.quickMessages.list(actor);
  }

  @RpcHandler(TicketsSubjects.quickMessagesShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<QuickMessageView> {
    return this.quickMessages.show(actor, id);
  }

  @RpcHandler(TicketsSubjects.quickMessagesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: QuickMessageDto }) dto: QuickMessageDto): Promise<QuickMessageView> {
    return this.quickMessages.create(actor, dto);
  }

  @RpcHandler(TicketsSubjects.quickMessagesUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateQuickMessageDto, path: 'body' }) dto: UpdateQuickMessageDto,
  ): Promise<QuickMessageView> {
    return this.quickMessages.update(actor, id, dto);
  }

  @RpcHandler(TicketsSubjects.quickMessagesSetMedia)
  setMedia(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: QuickMessageMediaDto, path: 'body' }) dto: QuickMessageMediaDto,
  ): Promise<QuickMessageView> {
    return this.quickMessages.setMedia(actor, id, dto);
  }

  @RpcHandler(TicketsSubjects.quickMessagesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<QuickMessageView> {
    return this.quickMessages.delete(actor, id);
  }
}
