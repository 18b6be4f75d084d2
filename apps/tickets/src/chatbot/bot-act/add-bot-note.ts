import { Inject, Injectable } from '@nestjs/common';
import type { BotAction, BotActCommand } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { NotesRepository } from '../../notes/notes.repository.js';
import type { TicketsDatabase, TicketsTx } from '../../shared/tickets-database.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';

/** A bot's `note` action: a private note on the ticket, by no user. */
@Injectable()
export class AddBotNote {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(NotesRepository) private readonly notes: NotesRepository,
  ) {}

  /** `within`: what commits with the note (a stepped act's record of it). */
  async add(
    command: BotActCommand,
    action: Extract<BotAction, { type: 'note' }>,
    within?: (tx: TicketsTx) => Promise<void>,
  ): Promise<void> {
    await this.database.withTenant(command.companyId, async (tx) => {
      const ticket = await this.tickets.findById(tx, command.companyId, command.ticketId);
      if (ticket)
        await this.notes.insert(tx, {
          companyId: command.companyId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          userId: null,
          note: action.body,
        });
      await within?.(tx);
    });
  }
}
