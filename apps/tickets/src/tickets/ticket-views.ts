import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type TicketView } from '@atrium/contracts';
import type { TicketsTx } from '../shared/tickets-database.js';
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

  async many(tx: TicketsTx, companyId: number, ids: number[]): Promise<TicketView[]> {
    return (await this.tickets.records(tx, companyId, ids)).map(toTicketView);
  }
}
