import { Injectable } from '@nestjs/common';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { queueOptions } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type QueueOptionRow = typeof queueOptions.$inferSelect;
export type NewQueueOption = typeof queueOptions.$inferInsert;

/** Name of the unique index that keeps an option number to one sibling. */
export const QUEUE_OPTION_SIBLING_UNIQUE = 'queue_options_sibling_option_unique';

@Injectable()
export class QueueOptionsRepository {
  /** One level of a queue's tree (`parentId` null: the root), by option number. */
  level(tx: TicketsTx, companyId: number, queueId: number, parentId: number | null): Promise<QueueOptionRow[]> {
    return tx
      .select()
      .from(queueOptions)
      .where(
        and(
          eq(queueOptions.companyId, companyId),
          eq(queueOptions.queueId, queueId),
          parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
        ),
      )
      .orderBy(asc(queueOptions.option), asc(queueOptions.id));
  }

  async findById(tx: TicketsTx, companyId: number, id: number): Promise<QueueOptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(queueOptions)
      .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
    return row;
  }

  /** Whether a sibling (same queue and parent) other than `exceptId` already has this option number. */
  async optionTaken(
    tx: TicketsTx,
    row: { companyId: number; queueId: number; parentId: number | null; option: number },
    exceptId?: number,
  ): Promise<boolean> {
    const [found] = await tx
      .select({ id: queueOptions.id })
      .from(queueOptions)
      .where(
        and(
          eq(queueOptions.companyId, row.companyId),
          eq(queueOptions.queueId, row.queueId),
          row.parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, row.parentId),
          eq(queueOptions.option, row.option),
        ),
      );
    return found !== undefined && found.id !== exceptId;
  }

  async insert(tx: TicketsTx, values: NewQueueOption): Promise<QueueOptionRow> {
    const [row] = await tx.insert(queueOptions).values(values).returning();
    return row!;
  }

  async update(
    tx: TicketsTx,
    companyId: number,
    id: number,
    values: Partial<Pick<NewQueueOption, 'title' | 'message' | 'option'>>,
  ): Promise<QueueOptionRow | undefined> {
    const [row] = await tx
      .update(queueOptions)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
      .returning();
    return row;
  }

  /** Deletes the option; its subtree follows (the parent foreign key cascades). */
  async delete(tx: TicketsTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(queueOptions)
      .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
      .returning({ id: queueOptions.id });
    return rows.length > 0;
  }
}
