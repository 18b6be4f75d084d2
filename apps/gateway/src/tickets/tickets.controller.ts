import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  CreateTicketDto,
  OUTBOUND_COMMAND_TIMEOUT_MS,
  TicketsQueryDto,
  TicketsSubjects,
  UpdateTicketDto,
  type ActorState,
  type TicketsPageView,
  type TicketView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Tickets (spec 000 sections 4 and 7): what each user may see, the status transitions, creation and deletion. */
@Controller('tickets')
export class TicketsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: TicketsQueryDto): Promise<TicketsPageView> {
    return this.rpc.request(TicketsSubjects.ticketsPage, query, { actor });
  }

  @Get('u/:uuid')
  showByUuid(@CurrentActor() actor: ActorState, @Param('uuid') uuid: string): Promise<TicketView> {
    return this.rpc.request(TicketsSubjects.ticketsShowByUuid, { uuid }, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<TicketView> {
    return this.rpc.request(TicketsSubjects.ticketsShow, { id }, { actor });
  }

  /** An open or pending ticket of the contact on the connection answers 409 ERR_OTHER_OPEN_TICKET with it in `data`. */
  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: CreateTicketDto): Promise<TicketView> {
    return this.rpc.request(TicketsSubjects.ticketsCreate, body, { actor });
  }

  /** Accept, return, resolve, reopen, transfer; the greeting or transfer notice may be sent on the way. */
  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateTicketDto): Promise<TicketView> {
    return this.rpc.request(TicketsSubjects.ticketsUpdate, { id, body }, { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS });
  }

  @Delete(':id')
  @RequiresPermission('ticket-options:deleteTicket')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(TicketsSubjects.ticketsDelete, { id }, { actor });
  }
}
