import { Controller, Inject } from '@nestjs/common';
import { KanbanQueryDto, KanbanSubjects, type Actor, type KanbanTicketsView, type TicketView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcId, RpcHandler } from '@atrium/messaging';
import { KanbanService } from './kanban.service.js';

@Controller()
export class KanbanController {
  constructor(@Inject(KanbanService) private readonly kanban: KanbanService) {}

  @RpcHandler(KanbanSubjects.tickets)
  tickets(@RpcActor() actor: Actor, @RpcData({ dto: KanbanQueryDto }) query: KanbanQueryDto): Promise<KanbanTicketsView> {
    return this.kanban.board(actor, query);
  }

  @RpcHandler(KanbanSubjects.addTag)
  addTag(@RpcActor() actor: Actor, @RpcId('ticketId') ticketId: number, @RpcId('tagId') tagId: number): Promise<TicketView> {
    return this.kanban.addTag(actor, ticketId, tagId);
  }

  @RpcHandler(KanbanSubjects.removeTags)
  removeTags(@RpcActor() actor: Actor, @RpcId('ticketId') ticketId: number): Promise<TicketView> {
    return this.kanban.removeTags(actor, ticketId);
  }
}
