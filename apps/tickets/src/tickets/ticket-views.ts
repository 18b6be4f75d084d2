import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type TicketView } from '@atrium/contracts';
import type { Companies } from '@atrium/database';
import type { TicketsTx } from '../shared/tickets-database.js';
import { assertCanSee } from './ticket-access.js';
import { toTicketView } from './ticket.view.js';
import { TicketsRepository } from './tickets.repository.js';

/** Builds ticket views (with contact, queue, agent, connection and tags) inside a transaction. */
@Injectable()
export class TicketViews {
  constructor(@Inject(TicketsRepository) private readonly tickets: TicketsRepository) {}

  async one(tx: TicketsTx, companyId: number, id: number): Promise<TicketView> {
    const [record] = await this.tickets.records(tx, companyId, [id]);
    if (!record) throw new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
    return toTicketView(record);
  }

  /** The view of a ticket the viewer may see, in one query (ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION otherwise). */
  async visible(tx: TicketsTx, viewer: Actor, id: number): Promise<TicketView> {
    const [record] = await this.tickets.records(tx, viewer.companyId, [id]);
    assertCanSee(viewer, record?.ticket);
    return toTicketView(record!);
  }

  /** `companies`: a company, or the companies of a group's transaction. */
  async many(tx: TicketsTx, companies: Companies, ids: number[]): Promise<TicketView[]> {
    return (await this.tickets.records(tx, companies, ids)).map(toTicketView);
  }
}
