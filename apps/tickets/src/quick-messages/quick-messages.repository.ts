import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { quickMessages } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type QuickMessageRow = typeof quickMessages.$inferSelect;
export type NewQuickMessage = typeof quickMessages.$inferInsert;

/** Which quick messages a user sees: their own and the company's shared ones (admins: all, when asked). */
export interface QuickMessageScope {
  userId: number;
  everyone: boolean;
}

@Injectable()
export class QuickMessagesRepository {
  async page(tx: TicketsTx, companyId: number, scope: QuickMessageScope, searchParam: string | undefined, pageNumber: number | undefined) {
    const where = this.where(companyId, scope, searchParam);
    const rows = await tx
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(PAGE_SIZES.quickMessages)
      .offset(pageOffset(pageNumber, PAGE_SIZES.quickMessages));
    const [total] = await tx.select({ n: count() }).from(quickMessages).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  list(tx: TicketsTx, companyId: number, scope: QuickMessageScope): Promise<QuickMessageRow[]> {
    return tx
      .select()
      .from(quickMessages)
      .where(and(this.where(companyId, scope, undefined), eq(quickMessages.status, true)))
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  }

  async findById(tx: TicketsTx, companyId: number, id: number): Promise<QuickMessageRow | undefined> {
    const [row] = await tx
      .select()
      .from(quickMessages)
      .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)));
    return row;
  }

  async insert(tx: TicketsTx, values: NewQuickMessage): Promise<QuickMessageRow> {
    const [row] = await tx.insert(quickMessages).values(values).returning();
    return row!;
  }

  async update(tx: TicketsTx, companyId: number, id: number, values: Partial<NewQuickMessage>): Promise<QuickMessageRow | undefined> {
    const [row] = await tx
      .update(quickMessages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
      .returning();
    return row;
  }

  async delete(tx: TicketsTx, companyId: number, id: number): Promise<void> {
    await tx.delete(quickMessages).where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)));
  }

  private where(companyId: number, scope: QuickMessageScope, searchParam: string | undefined): SQL | undefined {
    const term = searchParam?.trim();
    const pattern = term ? likePattern(term) : undefined;
    return and(
      eq(quickMessages.companyId, companyId),
      scope.everyone ? undefined : or(eq(quickMessages.userId, scope.userId), eq(quickMessages.geral, true)),
      pattern ? or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)) : undefined,
    );
  }
}
