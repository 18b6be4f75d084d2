import { Body, Controller, Delete, Get, Inject, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { TicketNoteDto, TicketNotesQueryDto, TicketsSubjects, type ActorState, type TicketNoteView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor } from '../auth/decorators.js';

/** Internal notes of a ticket (spec 000 section 7). */
@Controller('ticket-notes')
export class TicketNotesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get('list')
  list(@CurrentActor() actor: ActorState, @Query() query: TicketNotesQueryDto): Promise<TicketNoteView[]> {
    return this.rpc.request<TicketNoteView[]>(TicketsSubjects.notesList, query, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: TicketNoteDto): Promise<TicketNoteView> {
    return this.rpc.request<TicketNoteView>(TicketsSubjects.notesCreate, body, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', ParseIntPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request<{ message: string }>(TicketsSubjects.notesDelete, { id }, { actor });
  }
}
