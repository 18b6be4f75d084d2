import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { contactListItems } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type ContactListItemRow = typeof contactListItems.$inferSelect;
export type NewContactListItem = Pick<typeof contactListItems.$inferInsert, 'name' | 'number' | 'email'>;
export type ContactListItemChanges = Partial<NewContactListItem>;

/** The only code that touches the `contact_list_items` table. */
@Injectable()
export class ContactListItemsRepository {
  async page(
    tx: CampaignsTx,
    companyId: number,
    contactListId: number,
    searchParam: string | undefined,
    pageNumber: number | undefined,
    size: number,
  ): Promise<{ rows: ContactListItemRow[]; count: number }> {
    const conditions: SQL[] = [eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId)];
    if (searchParam?.trim()) {
      const pattern = likePattern(searchParam);
      conditions.push(
        or(ilike(contactListItems.name, pattern), ilike(contactListItems.number, pattern), ilike(contactListItems.email, pattern))!,
      );
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(contactListItems)
        .where(where)
        .orderBy(asc(contactListItems.name), asc(contactListItems.id))
        .limit(size)
        .offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(contactListItems).where(where),
    ]);
    return { rows, count: total!.value };
  }

  async find(tx: CampaignsTx, companyId: number, id: number): Promise<ContactListItemRow | undefined> {
    const [row] = await tx
      .select()
      .from(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)));
    return row;
  }

  /** Inserts unless the list already has the number (undefined then). */
  async insert(
    tx: CampaignsTx,
    companyId: number,
    contactListId: number,
    item: NewContactListItem,
  ): Promise<ContactListItemRow | undefined> {
    const [row] = await tx
      .insert(contactListItems)
      .values({ companyId, contactListId, ...item })
      .onConflictDoNothing({ target: [contactListItems.contactListId, contactListItems.number] })
      .returning();
    return row;
  }

  /** Inserts the rows the list does not hold yet (by number) and answers those inserted. */
  insertMany(tx: CampaignsTx, companyId: number, contactListId: number, items: NewContactListItem[]): Promise<ContactListItemRow[]> {
    if (items.length === 0) return Promise.resolve([]);
    return tx
      .insert(contactListItems)
      .values(items.map((item) => ({ companyId, contactListId, ...item })))
      .onConflictDoNothing({ target: [contactListItems.contactListId, contactListItems.number] })
      .returning();
  }

  /** A changed number is checked on WhatsApp again (isWhatsappValid false until then). */
  async update(
    tx: CampaignsTx,
    companyId: number,
    id: number,
    changes: ContactListItemChanges,
    numberChanged: boolean,
  ): Promise<ContactListItemRow | undefined> {
    const [row] = await tx
      .update(contactListItems)
      .set({ ...changes, ...(numberChanged ? { isWhatsappValid: false, checkedAt: null } : {}), updatedAt: new Date() })
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
      .returning();
    return row;
  }

  async delete(tx: CampaignsTx, companyId: number, id: number): Promise<ContactListItemRow | undefined> {
    const [row] = await tx
      .delete(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
      .returning();
    return row;
  }

  async numberTaken(tx: CampaignsTx, contactListId: number, number: string, exceptId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: contactListItems.id })
      .from(contactListItems)
      .where(and(eq(contactListItems.contactListId, contactListId), eq(contactListItems.number, number)));
    return row !== undefined && row.id !== exceptId;
  }
}
