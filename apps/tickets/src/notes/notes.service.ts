import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  isAdmin,
  type Actor,
  type TicketNoteDto,
  type TicketNotesQueryDto,
  type TicketNoteView,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { DirectoryService } from '../directory/directory.service.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { scopeOf, TicketsEvents } from '../shared/tickets.events.js';
import { assertCanSee } from '../tickets/ticket-access.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { NotesRepository, type TicketNoteRow } from './notes.repository.js';

function toNoteView({ note, userName }: { note: TicketNoteRow; userName: string | null }): TicketNoteView {
  return {
    id: note.id,
    note: note.note,
    ticketId: note.ticketId,
    contactId: note.contactId,
    userId: note.userId,
    user: note.userId === null ? null : { id: note.userId, name: userName ?? '' },
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

/**
 * Internal notes on a ticket (spec 000 "Ticket note"): read and written by whoever may see the
 * ticket, shown in the contact drawer and inline in the conversation (live: `ticketNote`). A note
 * may name colleagues of the company (`mentions`), each told by a `mention` event. Notes are not
 * messages: they never reach the channel, the external API or the customer.
 */
@Injectable()
export class NotesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(NotesRepository) private readonly notes: NotesRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  list(actor: Actor, query: TicketNotesQueryDto): Promise<TicketNoteView[]> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      assertCanSee(actor, await this.tickets.findById(tx, actor.companyId, query.ticketId));
      return (await this.notes.list(tx, actor.companyId, query.ticketId, query.contactId)).map(toNoteView);
    });
  }

  async create(actor: Actor, dto: TicketNoteDto): Promise<TicketNoteView> {
    const mentioned = [...new Set(dto.mentions ?? [])].filter((userId) => userId !== actor.userId);
    await this.directory.requireUsers(actor, [actor.userId, ...mentioned]);
    const { note, ticket } = await this.database.withTenant(actor.companyId, async (tx) => {
      const found = assertCanSee(actor, await this.tickets.findById(tx, actor.companyId, dto.ticketId));
      if (found.contactId !== dto.contactId) throw new AppError(ErrorCode.ERR_NO_CONTACT_FOUND);
      const row = await this.notes.insert(tx, {
        companyId: actor.companyId,
        note: dto.note,
        ticketId: found.id,
        contactId: found.contactId,
        userId: actor.userId,
      });
      return {
        note: toNoteView((await this.notes.one(tx, actor.companyId, row.id))!),
        ticket: await this.views.one(tx, actor.companyId, found.id),
      };
    });
    this.events.noteCreated(actor.companyId, note, scopeOf(ticket));
    this.events.mentioned(actor.companyId, mentioned, note, ticket);
    return note;
  }

  /** Its author or an admin deletes a note. */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    const { note, ticket } = await this.database.withTenant(actor.companyId, async (tx) => {
      const found = await this.notes.one(tx, actor.companyId, id);
      if (!found) throw new AppError(ErrorCode.ERR_NO_TICKET_NOTE_FOUND);
      const ofTicket = assertCanSee(actor, await this.tickets.findById(tx, actor.companyId, found.note.ticketId));
      if (found.note.userId !== actor.userId && !isAdmin(actor)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
      await this.notes.delete(tx, actor.companyId, id);
      return { note: found.note, ticket: ofTicket };
    });
    this.events.noteDeleted(actor.companyId, note, scopeOf(ticket));
    return { message: 'Note deleted' };
  }
}
