import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, isAdmin, type Actor, type CreateTicketDto, type TicketView } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { ContactsRepository } from '../../contacts/contacts.repository.js';
import { DirectoryService, preferredConnection } from '../../directory/directory.service.js';
import { TicketsEvents } from '../../shared/tickets.events.js';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { TicketViews } from '../ticket-views.js';
import { TicketsRepository } from '../tickets.repository.js';
import { OtherOpenTicket } from './other-open-ticket.js';

/**
 * A ticket an agent starts (the new-ticket modal): open for the given (or acting) agent, or
 * pending. A contact with an open or pending ticket on the connection gets ERR_OTHER_OPEN_TICKET
 * carrying that ticket in the error's `data` (spec 000 section 7).
 */
@Injectable()
export class CreateTicket {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(DirectoryService) private readonly directory: DirectoryService,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(OtherOpenTicket) private readonly otherOpen: OtherOpenTicket,
  ) {}

  async create(actor: Actor, dto: CreateTicketDto): Promise<TicketView> {
    if (!isAdmin(actor) && !dto.queueId) throw new AppError(ErrorCode.ERR_QUEUE_REQUIRED);
    if (dto.status === 'closed') {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'status', messages: ['a new ticket is open or pending'] }] });
    }
    const status = dto.status ?? (dto.userId === null ? 'pending' : 'open');
    const userId = status === 'open' ? (dto.userId ?? actor.userId) : (dto.userId ?? null);
    if (userId !== null) await this.directory.requireUsers(actor, [userId]);
    const connections = await this.directory.connections(actor);
    const connection = dto.whatsappId ? connections.find((c) => c.id === dto.whatsappId) : preferredConnection(connections);
    if (!connection) throw new AppError(dto.whatsappId ? ErrorCode.ERR_NO_WAPP_FOUND : ErrorCode.ERR_NO_DEF_WAPP_FOUND);

    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      const contact = await this.contacts.findById(tx, actor.companyId, dto.contactId);
      if (!contact) throw new AppError(ErrorCode.ERR_NO_CONTACT_FOUND);
      if (dto.queueId && !(await this.tickets.queueExists(tx, actor.companyId, dto.queueId)))
        throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
      const row = await this.tickets.insertIfNoActive(tx, {
        companyId: actor.companyId,
        contactId: contact.id,
        whatsappId: connection.id,
        queueId: dto.queueId ?? null,
        userId,
        status,
        isGroup: contact.isGroup,
      });
      if (!row) return undefined;
      return this.views.one(tx, actor.companyId, row.id);
    });
    if (!view) throw await this.otherOpen.error(actor.companyId, dto.contactId, connection.id);
    this.events.ticketUpdated(view);
    return view;
  }
}
