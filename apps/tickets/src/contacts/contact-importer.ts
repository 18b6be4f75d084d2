import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, storableText, type Actor, type ChannelContact, type ContactView } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { requireAdmin, SessionsChannel } from '@atrium/kernel';
import { DirectoryService } from '../directory/directory.service.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { ContactViews } from './contact.view.js';
import { ContactsRepository, type NewContact } from './contacts.repository.js';

const NAME_MAX = 50;

/** The contact an address-book entry becomes: its saved name (2-50 characters) or else its number. */
function newContactOf(companyId: number, entry: ChannelContact): NewContact | null {
  const number = entry.number && /^\d{8,50}$/.test(entry.number) ? entry.number : null;
  const lid = entry.lid && /^\d{5,50}$/.test(entry.lid) ? entry.lid : null;
  if (number === null && lid === null) return null;
  // a name PostgreSQL cannot store would fail the whole import: cleaned here too, whatever sent it
  const saved = storableText((entry.name ?? '').trim().slice(0, NAME_MAX)).trim();
  const name = saved.length >= 2 ? saved : (number ?? lid)!;
  return { companyId, name, number, lid, email: '', extraInfo: [] };
}

/**
 * POST /contacts/import: the contacts of the default connection's phone (sessions `listContacts`)
 * that the company does not have yet, by number or lid (the unique indexes settle duplicates and
 * concurrent imports). Admins only.
 */
@Injectable()
export class ContactImporter {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(ContactViews) private readonly views: ContactViews,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  /** The contacts created, oldest address-book entry first. */
  async importFromPhone(actor: Actor): Promise<ContactView[]> {
    requireAdmin(actor);
    const connection = (await this.directory.connections(actor)).find((c) => c.isDefault);
    if (!connection) throw new AppError(ErrorCode.ERR_NO_DEF_WAPP_FOUND);
    if (connection.status !== 'CONNECTED') throw new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED);
    const book = await this.channel.command(actor.companyId, connection.id, { type: 'listContacts' });
    const candidates = book.contacts.map((entry) => newContactOf(actor.companyId, entry)).filter((c): c is NewContact => c !== null);
    const imported = await this.database.withTenant(actor.companyId, async (tx) => {
      const rows = [];
      for (const candidate of candidates) {
        const row = await this.contacts.insertIfAbsent(tx, candidate);
        if (row) rows.push(row);
      }
      return this.views.many(tx, actor.companyId, rows);
    });
    for (const view of imported) this.events.contactSaved('create', view);
    return imported;
  }
}
