import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { tags } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type TagRow = typeof tags.$inferSelect;
export type NewTag = typeof tags.$inferInsert;

export const TAG_NAME_UNIQUE = 'tags_company_name_unique';

@Injectable()
export class TagsRepository {
  async page(
    tx: TicketsTx,
    companyId: number,
    searchParam: string | undefined,
    pageNumber: number | undefined,
  ): Promise<{ rows: TagRow[]; count: number }> {
    const where = this.where(companyId, searchParam);
    const rows = await tx
      .select()
      .from(tags)
      .where(where)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(PAGE_SIZES.tags)
      .offset(pageOffset(pageNumber, PAGE_SIZES.tags));
    const [total] = await tx.select({ n: count() }).from(tags).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  list(tx: TicketsTx, companyId: number, kanbanOnly = false): Promise<TagRow[]> {
    return tx
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, companyId), kanbanOnly ? eq(tags.kanban, 1) : undefined))
      .orderBy(asc(tags.name), asc(tags.id));
  }

  async findById(tx: TicketsTx, companyId: number, id: number): Promise<TagRow | undefined> {
    const [row] = await tx
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
    return row;
  }

  async findByName(tx: TicketsTx, companyId: number, name: string): Promise<TagRow | undefined> {
    const [row] = await tx
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = lower(${name})`));
    return row;
  }

  async existing(tx: TicketsTx, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
    return rows.map((row) => row.id);
  }

  /** Inserts unless the name is taken (then undefined). */
  async insertIfAbsent(tx: TicketsTx, values: NewTag): Promise<TagRow | undefined> {
    const [row] = await tx.insert(tags).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(tx: TicketsTx, companyId: number, id: number, values: Partial<NewTag>): Promise<TagRow | undefined> {
    const [row] = await tx
      .update(tags)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
      .returning();
    return row;
  }

  async delete(tx: TicketsTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
      .returning({ id: tags.id });
    return rows.length > 0;
  }

  private where(companyId: number, searchParam: string | undefined): SQL | undefined {
    const term = searchParam?.trim();
    return and(eq(tags.companyId, companyId), term ? ilike(tags.name, likePattern(term)) : undefined);
  }
}
