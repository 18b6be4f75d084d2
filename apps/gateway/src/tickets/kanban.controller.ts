import { Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { KanbanQueryDto, KanbanSubjects, type ActorState, type KanbanTicketsView, type TicketView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** The kanban board (spec 001 "Kanban"), for companies whose plan has useKanban; the lanes are `GET /tags/kanban`. */
@Controller()
@RequiresPlan('useKanban')
export class KanbanController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** The open and pending tickets the user may see, narrowed by every filter given (queueIds as JSON text too). */
  @Get('ticket/kanban')
  tickets(@CurrentActor() actor: ActorState, @Query() query: KanbanQueryDto): Promise<KanbanTicketsView> {
    return this.rpc.request(KanbanSubjects.tickets, query, { actor });
  }

  /** Puts the ticket in a kanban tag's lane (links the tag). */
  @Put('ticket-tags/:ticketId/:tagId')
  addTag(
    @CurrentActor() actor: ActorState,
    @Param('ticketId', IdPipe) ticketId: number,
    @Param('tagId', IdPipe) tagId: number,
  ): Promise<TicketView> {
    return this.rpc.request(KanbanSubjects.addTag, { ticketId, tagId }, { actor });
  }

  /** Takes the ticket out of its kanban lanes (unlinks its kanban tags; other tags stay). */
  @Delete('ticket-tags/:ticketId')
  removeTags(@CurrentActor() actor: ActorState, @Param('ticketId', IdPipe) ticketId: number): Promise<TicketView> {
    return this.rpc.request(KanbanSubjects.removeTags, { ticketId }, { actor });
  }
}
