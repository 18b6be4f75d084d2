import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { queueIntegrations } from '../db/schema.js';
import type { AiTx } from '../shared/ai-database.js';

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;
export type NewQueueIntegration = typeof queueIntegrations.$inferInsert;
export type QueueIntegrationChanges = Partial<Omit<NewQueueIntegration, 'id' | 'companyId' | 'createdAt'>>;

/** The only code that touches the `queue_integrations` table. */
@Injectable()
export class QueueIntegrationsRepository {
  async page(
    tx: AiTx,
    companyId: number,
    searchParam: string | undefined,
    pageNumber: number | undefined,
    size: number,
  ): Promise<{ rows: QueueIntegrationRow[]; count: number }> {
    const conditions: SQL[] = [eq(queueIntegrations.companyId, companyId)];
    if (searchParam?.trim()) conditions.push(ilike(queueIntegrations.name, likePattern(searchParam)));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(queueIntegrations)
        .where(where)
        .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
        .limit(size)
        .offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(queueIntegrations).where(where),
    ]);
    return { rows, count: total!.value };
  }

  async existingIds(tx: AiTx, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), inArray(queueIntegrations.id, ids)));
    return rows.map((row) => row.id);
  }

  async find(tx: AiTx, companyId: number, id: number): Promise<QueueIntegrationRow | undefined> {
    const [row] = await tx
      .select()
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
    return row;
  }

  async insert(tx: AiTx, values: NewQueueIntegration): Promise<QueueIntegrationRow> {
    const [row] = await tx.insert(queueIntegrations).values(values).returning();
    return row!;
  }

  async update(tx: AiTx, companyId: number, id: number, changes: QueueIntegrationChanges): Promise<QueueIntegrationRow | undefined> {
    const [row] = await tx
      .update(queueIntegrations)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
      .returning();
    return row;
  }

  async delete(tx: AiTx, companyId: number, id: number): Promise<QueueIntegrationRow | undefined> {
    const [row] = await tx
      .delete(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
      .returning();
    return row;
  }
}
