import { Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import { ticketNotes, userRefs } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type TicketNoteRow = typeof ticketNotes.$inferSelect;

@Injectable()
export class NotesRepository {
  /** A ticket's notes (or, with a contact, that contact's notes on the ticket), newest first, with their authors' names. */
  list(tx: TicketsTx, companyId: number, ticketId: number, contactId: number | undefined) {
    return tx
      .select({ note: ticketNotes, userName: userRefs.name })
      .from(ticketNotes)
      .leftJoin(userRefs, eq(userRefs.id, ticketNotes.userId))
      .where(
        and(
          eq(ticketNotes.companyId, companyId),
          eq(ticketNotes.ticketId, ticketId),
          contactId === undefined ? undefined : eq(ticketNotes.contactId, contactId),
        ),
      )
      .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  }

  async one(tx: TicketsTx, companyId: number, id: number) {
    const [row] = await tx
      .select({ note: ticketNotes, userName: userRefs.name })
      .from(ticketNotes)
      .leftJoin(userRefs, eq(userRefs.id, ticketNotes.userId))
      .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)));
    return row;
  }

  async insert(tx: TicketsTx, values: typeof ticketNotes.$inferInsert): Promise<TicketNoteRow> {
    const [row] = await tx.insert(ticketNotes).values(values).returning();
    return row!;
  }

  async delete(tx: TicketsTx, companyId: number, id: number): Promise<void> {
    await tx.delete(ticketNotes).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)));
  }
}
