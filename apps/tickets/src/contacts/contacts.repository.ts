import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ofCompanies, type Companies } from '@atrium/database';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { contacts, tickets } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;

export const CONTACT_NUMBER_UNIQUE = 'contacts_company_number_unique';
export const CONTACT_LID_UNIQUE = 'contacts_company_lid_unique';

export interface ContactFilter {
  searchParam?: string;
  /** Created on or after this instant / before this instant. */
  from?: Date;
  until?: Date;
}

/** Most contacts the unpaged list (pickers) returns. */
export const CONTACT_LIST_MAX = 5000;

@Injectable()
export class ContactsRepository {
  async page(
    tx: TicketsTx,
    companyId: number,
    filter: ContactFilter,
    pageNumber: number | undefined,
  ): Promise<{ rows: ContactRow[]; count: number }> {
    const where = this.where(companyId, filter);
    const rows = await tx
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(PAGE_SIZES.contacts)
      .offset(pageOffset(pageNumber, PAGE_SIZES.contacts));
    const [total] = await tx.select({ n: count() }).from(contacts).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  list(tx: TicketsTx, companyId: number, name: string | undefined): Promise<ContactRow[]> {
    return tx
      .select()
      .from(contacts)
      .where(this.where(companyId, { searchParam: name }))
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(CONTACT_LIST_MAX);
  }

  async findById(tx: TicketsTx, companyId: number, id: number): Promise<ContactRow | undefined> {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
    return row;
  }

  /** Locks the contact's row until the transaction ends (no new ticket of the contact meanwhile). */
  async lockById(tx: TicketsTx, companyId: number, id: number): Promise<ContactRow | undefined> {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      .for('update');
    return row;
  }

  async findByIds(tx: TicketsTx, companyId: number, ids: number[]): Promise<ContactRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, [...new Set(ids)])));
  }

  async findByNumber(tx: TicketsTx, companyId: number, number: string): Promise<ContactRow | undefined> {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
    return row;
  }

  /** The contacts known by any of these numbers or lids, oldest first. */
  /** `companies`: a company, or the companies of a group's transaction (each row says whose; a number may be several companies'). */
  async findByIdentities(tx: TicketsTx, companies: Companies, numbers: string[], lids: string[]): Promise<ContactRow[]> {
    const keys: SQL[] = [];
    if (numbers.length > 0) keys.push(inArray(contacts.number, [...new Set(numbers)]));
    if (lids.length > 0) keys.push(inArray(contacts.lid, [...new Set(lids)]));
    if (keys.length === 0) return [];
    return tx
      .select()
      .from(contacts)
      .where(and(ofCompanies(contacts.companyId, companies), or(...keys)))
      .orderBy(asc(contacts.id));
  }

  /** Inserts unless the number or lid is taken (by a concurrent insert too); undefined then. */
  async insertIfAbsent(tx: TicketsTx, values: NewContact): Promise<ContactRow | undefined> {
    const [row] = await this.insertManyIfAbsent(tx, [values]);
    return row;
  }

  /** Inserts in one statement those whose number and lid are free; answers the rows inserted. */
  async insertManyIfAbsent(tx: TicketsTx, values: NewContact[]): Promise<ContactRow[]> {
    if (values.length === 0) return [];
    return tx.insert(contacts).values(values).onConflictDoNothing().returning();
  }

  async insert(tx: TicketsTx, values: NewContact): Promise<ContactRow> {
    const [row] = await tx.insert(contacts).values(values).returning();
    return row!;
  }

  async update(tx: TicketsTx, companyId: number, id: number, values: Partial<NewContact>): Promise<ContactRow | undefined> {
    const [row] = await tx
      .update(contacts)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      .returning();
    return row;
  }

  async delete(tx: TicketsTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      .returning({ id: contacts.id });
    return rows.length > 0;
  }

  private where(companyId: number, filter: ContactFilter): SQL | undefined {
    const term = filter.searchParam?.trim();
    const pattern = term ? likePattern(term) : undefined;
    const digits = term?.replace(/\D/g, '');
    return and(
      eq(contacts.companyId, companyId),
      pattern
        ? or(
            ilike(contacts.name, pattern),
            ilike(contacts.email, pattern),
            digits ? ilike(contacts.number, likePattern(digits)) : undefined,
          )
        : undefined,
      filter.from ? sql`${contacts.createdAt} >= ${filter.from}` : undefined,
      filter.until ? sql`${contacts.createdAt} < ${filter.until}` : undefined,
    );
  }

  /** Every ticket of a contact (what deleting the contact deletes), locked until the transaction ends. */
  lockTicketsOf(
    tx: TicketsTx,
    companyId: number,
    contactId: number,
  ): Promise<Array<Pick<typeof tickets.$inferSelect, 'id' | 'queueId' | 'userId' | 'status'>>> {
    return tx
      .select({ id: tickets.id, queueId: tickets.queueId, userId: tickets.userId, status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
      .for('update');
  }
}
