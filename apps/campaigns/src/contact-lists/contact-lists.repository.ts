import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { contactListItems, contactLists } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type ContactListRow = typeof contactLists.$inferSelect;
export type ContactListWithCount = ContactListRow & { contactsCount: number };

// spelled out: inside a select list drizzle writes columns unqualified, and `id` would be the item's
const contactsCount =
  sql<number>`(select count(*)::int from ${contactListItems} items where items.contact_list_id = "contact_lists"."id")`.mapWith(Number);
const withCount = {
  id: contactLists.id,
  companyId: contactLists.companyId,
  name: contactLists.name,
  createdAt: contactLists.createdAt,
  updatedAt: contactLists.updatedAt,
  contactsCount,
};

/** The only code that touches the `contact_lists` table. */
@Injectable()
export class ContactListsRepository {
  async page(
    tx: CampaignsTx,
    companyId: number,
    searchParam: string | undefined,
    pageNumber: number | undefined,
    size: number,
  ): Promise<{ rows: ContactListWithCount[]; count: number }> {
    const conditions: SQL[] = [eq(contactLists.companyId, companyId)];
    if (searchParam?.trim()) conditions.push(ilike(contactLists.name, likePattern(searchParam)));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      tx
        .select(withCount)
        .from(contactLists)
        .where(where)
        .orderBy(asc(contactLists.name), asc(contactLists.id))
        .limit(size)
        .offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(contactLists).where(where),
    ]);
    return { rows, count: total!.value };
  }

  all(tx: CampaignsTx, companyId: number): Promise<ContactListWithCount[]> {
    return tx
      .select(withCount)
      .from(contactLists)
      .where(eq(contactLists.companyId, companyId))
      .orderBy(asc(contactLists.name), asc(contactLists.id));
  }

  async find(tx: CampaignsTx, companyId: number, id: number): Promise<ContactListWithCount | undefined> {
    const [row] = await tx
      .select(withCount)
      .from(contactLists)
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
    return row;
  }

  /** Locks the list's row (imports and item writes of one list wait for a delete of it). */
  async lock(tx: CampaignsTx, companyId: number, id: number): Promise<ContactListRow | undefined> {
    const [row] = await tx
      .select()
      .from(contactLists)
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
      .for('share');
    return row;
  }

  async insert(tx: CampaignsTx, companyId: number, name: string): Promise<ContactListRow> {
    const [row] = await tx.insert(contactLists).values({ companyId, name }).returning();
    return row!;
  }

  async rename(tx: CampaignsTx, companyId: number, id: number, name: string): Promise<ContactListRow | undefined> {
    const [row] = await tx
      .update(contactLists)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
      .returning();
    return row;
  }

  /** Removes the list; its items and imports go with it (foreign keys, on delete cascade). */
  async delete(tx: CampaignsTx, companyId: number, id: number): Promise<ContactListRow | undefined> {
    const [row] = await tx
      .delete(contactLists)
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
      .returning();
    return row;
  }
}
