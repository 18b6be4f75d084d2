import { Controller, Inject } from '@nestjs/common';
import { TicketNoteDto, TicketNotesQueryDto, TicketsSubjects, type Actor, type TicketNoteView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { NotesService } from './notes.service.js';

@Controller()
export class NotesController {
  constructor(@Inject(NotesService) private readonly notes: NotesService) {}

  @RpcHandler(TicketsSubjects.notesList)
  list(@RpcActor() actor: Actor, @RpcData({ dto: TicketNotesQueryDto }) query: TicketNotesQueryDto): Promise<TicketNoteView[]> {
    return this.notes.list(actor, query);
  }

  @RpcHandler(TicketsSubjects.notesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: TicketNoteDto }) dto: TicketNoteDto): Promise<TicketNoteView> {
    return this.notes.create(actor, dto);
  }

  @RpcHandler(TicketsSubjects.notesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.notes.delete(actor, id);
  }
}
