import { Inject, Injectable } from '@nestjs/common';
import type { ContactView } from '@atrium/contracts';
import { DirectoryRepository } from '../directory/directory.repository.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import type { ContactRow } from './contacts.repository.js';

/** A contact's view; `whatsappName`: the name of its connection (`row.whatsappId`), when known. */
export function toContactView(row: ContactRow, whatsappName: string | null | undefined): ContactView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    number: row.number,
    lid: row.lid,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    extraInfo: row.extraInfo,
    whatsappId: row.whatsappId,
    whatsapp: row.whatsappId === null ? null : { id: row.whatsappId, name: whatsappName ?? '' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Builds contact views with their connection's name (one lookup for all the rows) inside a transaction. */
@Injectable()
export class ContactViews {
  constructor(@Inject(DirectoryRepository) private readonly directory: DirectoryRepository) {}

  async many(tx: TicketsTx, companyId: number, rows: readonly ContactRow[]): Promise<ContactView[]> {
    const ids = rows.flatMap((row) => (row.whatsappId === null ? [] : [row.whatsappId]));
    const names = await this.directory.whatsappNames(tx, companyId, ids);
    return rows.map((row) => toContactView(row, row.whatsappId === null ? null : names.get(row.whatsappId)));
  }

  async one(tx: TicketsTx, companyId: number, row: ContactRow): Promise<ContactView> {
    return (await this.many(tx, companyId, [row]))[0]!;
  }
}
