import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { queues } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type QueueRow = typeof queues.$inferSelect;
export type NewQueue = typeof queues.$inferInsert;

/** Name of the unique index that keeps a colour to one queue per company. */
export const QUEUE_COLOR_UNIQUE = 'queues_company_color_unique';

@Injectable()
export class QueuesRepository {
  list(tx: TicketsTx, companyId: number): Promise<QueueRow[]> {
    return tx
      .select()
      .from(queues)
      .where(eq(queues.companyId, companyId))
      .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id));
  }

  async findById(tx: TicketsTx, companyId: number, id: number): Promise<QueueRow | undefined> {
    const [row] = await tx
      .select()
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
    return row;
  }

  /** Locks the queue's row until the transaction ends: tickets cannot move into it meanwhile (their foreign key waits). */
  async lockById(tx: TicketsTx, companyId: number, id: number): Promise<QueueRow | undefined> {
    const [row] = await tx
      .select()
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
      .for('update');
    return row;
  }

  async existing(tx: TicketsTx, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
    return rows.map((row) => row.id);
  }

  async count(tx: TicketsTx, companyId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId));
    return row?.n ?? 0;
  }

  async colorTaken(tx: TicketsTx, companyId: number, color: string, exceptId?: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = lower(${color})`));
    return row !== undefined && row.id !== exceptId;
  }

  async insert(tx: TicketsTx, values: NewQueue): Promise<QueueRow> {
    const [row] = await tx.insert(queues).values(values).returning();
    return row!;
  }

  async update(tx: TicketsTx, companyId: number, id: number, values: Partial<NewQueue>): Promise<QueueRow | undefined> {
    const [row] = await tx
      .update(queues)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
      .returning();
    return row;
  }

  /** Clears a deleted prompt (or integration) from the company's queues that named it; the queues changed. */
  async clearBot(
    tx: TicketsTx,
    companyId: number,
    bot: { promptId: number } | { integrationId: number } | { flowId: number },
  ): Promise<QueueRow[]> {
    const [column, set] =
      'promptId' in bot
        ? [eq(queues.promptId, bot.promptId), { promptId: null }]
        : 'integrationId' in bot
          ? [eq(queues.integrationId, bot.integrationId), { integrationId: null }]
          : [eq(queues.flowId, bot.flowId), { flowId: null }];
    return tx
      .update(queues)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(queues.companyId, companyId), column))
      .returning();
  }

  async delete(tx: TicketsTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
      .returning({ id: queues.id });
    return rows.length > 0;
  }
}
