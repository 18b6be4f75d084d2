import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { TicketViews } from '../ticket-views.js';
import { TicketsRepository } from '../tickets.repository.js';

/** ERR_OTHER_OPEN_TICKET carrying the contact's open or pending ticket on the connection in its `data` (spec 000 section 7). */
@Injectable()
export class OtherOpenTicket {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
  ) {}

  async error(companyId: number, contactId: number, whatsappId: number | null): Promise<AppError> {
    const existing = await this.database.withTenant(companyId, async (tx) => {
      const row = await this.tickets.findActive(tx, companyId, contactId, whatsappId);
      return row ? this.views.one(tx, companyId, row.id) : undefined;
    });
    return new AppError(ErrorCode.ERR_OTHER_OPEN_TICKET, { data: existing });
  }
}
