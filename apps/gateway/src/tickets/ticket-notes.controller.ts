import { Body, Controller, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { TicketNoteDto, TicketNotesQueryDto, TicketsSubjects, type ActorState, type TicketNoteView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Internal notes of a ticket (spec 000 section 7). */
@Controller('ticket-notes')
export class TicketNotesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get('list')
  list(@CurrentActor() actor: ActorState, @Query() query: TicketNotesQueryDto): Promise<TicketNoteView[]> {
    return this.rpc.request(TicketsSubjects.notesList, query, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: TicketNoteDto): Promise<TicketNoteView> {
    return this.rpc.request(TicketsSubjects.notesCreate, body, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(TicketsSubjects.notesDelete, { id }, { actor });
  }
}
