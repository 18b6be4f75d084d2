import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor } from '@atrium/contracts';
import { requireAdmin } from '@atrium/kernel';
import { DATABASE } from '@atrium/service-kit';
import { MediaFiles } from '../../media/media-files.js';
import { MediaReferencesRepository } from '../../media/media-references.repository.js';
import { scopeOf, TicketsEvents } from '../../shared/tickets.events.js';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { TicketsRepository } from '../tickets.repository.js';

/**
 * Deletes the ticket with its messages (admins only). The ticket's row is locked first, so no
 * message joins it unseen; after the commit its viewers are told and its messages' stored files
 * that no other message carries are removed.
 */
@Injectable()
export class DeleteTicket {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(MediaReferencesRepository) private readonly mediaReferences: MediaReferencesRepository,
    @Inject(MediaFiles) private readonly media: MediaFiles,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    const { companyId } = actor;
    const deleted = await this.database.withTenant(companyId, async (tx) => {
      if (!(await this.tickets.lockById(tx, companyId, id))) return undefined;
      const media = await this.mediaReferences.ofMessages(tx, companyId, { ticketId: id });
      const row = await this.tickets.delete(tx, companyId, id);
      return row ? { row, media } : undefined;
    });
    if (!deleted) throw new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
    this.events.ticketDeleted(companyId, id, scopeOf(deleted.row));
    await this.media.removeUnreferenced(companyId, deleted.media);
    return { message: 'ticket deleted' };
  }
}
