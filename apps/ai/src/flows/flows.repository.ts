import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { likePattern, pageOffset } from '@atrium/kernel';
import { flowNodeStats, flows, flowVersions } from '../db/schema.js';
import type { AiTx } from '../shared/ai-database.js';

export type FlowRow = typeof flows.$inferSelect;
export type FlowVersionRow = typeof flowVersions.$inferSelect;

/** How many counter rows a node has per flow version (`flow_node_stats.stripe`); the stats sum them. */
const FLOW_STAT_STRIPES = 16;

/** The only code that touches `flows`, `flow_versions` and `flow_node_stats`. */
@Injectable()
export class FlowsRepository {
  async page(tx: AiTx, companyId: number, searchParam: string | undefined, pageNumber: number | undefined, size: number) {
    const conditions: SQL[] = [eq(flows.companyId, companyId)];
    if (searchParam?.trim()) conditions.push(ilike(flows.name, likePattern(searchParam)));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      tx
        .select({ id: flows.id, name: flows.name, version: flows.version, createdAt: flows.createdAt, updatedAt: flows.updatedAt })
        .from(flows)
        .where(where)
        .orderBy(asc(flows.name), asc(flows.id))
        .limit(size)
        .offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(flows).where(where),
    ]);
    return { rows, count: total!.value };
  }

  async find(tx: AiTx, companyId: number, id: number, lock = false): Promise<FlowRow | undefined> {
    const query = tx
      .select()
      .from(flows)
      .where(and(eq(flows.companyId, companyId), eq(flows.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insert(tx: AiTx, values: typeof flows.$inferInsert): Promise<FlowRow> {
    const [row] = await tx.insert(flows).values(values).returning();
    return row!;
  }

  async update(tx: AiTx, companyId: number, id: number, values: Partial<typeof flows.$inferInsert>): Promise<FlowRow | undefined> {
    const [row] = await tx
      .update(flows)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(flows.companyId, companyId), eq(flows.id, id)))
      .returning();
    return row;
  }

  async delete(tx: AiTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .delete(flows)
      .where(and(eq(flows.companyId, companyId), eq(flows.id, id)))
      .returning({ id: flows.id });
    if (rows.length > 0) await tx.delete(flowNodeStats).where(and(eq(flowNodeStats.companyId, companyId), eq(flowNodeStats.flowId, id)));
    return rows.length > 0;
  }

  async insertVersion(tx: AiTx, values: typeof flowVersions.$inferInsert): Promise<void> {
    await tx.insert(flowVersions).values(values);
  }

  async findVersion(tx: AiTx, companyId: number, flowId: number, version: number): Promise<FlowVersionRow | undefined> {
    const [row] = await tx
      .select()
      .from(flowVersions)
      .where(and(eq(flowVersions.companyId, companyId), eq(flowVersions.flowId, flowId), eq(flowVersions.version, version)));
    return row;
  }

  async latestVersion(tx: AiTx, companyId: number, flowId: number): Promise<FlowVersionRow | undefined> {
    const [row] = await tx
      .select()
      .from(flowVersions)
      .where(and(eq(flowVersions.companyId, companyId), eq(flowVersions.flowId, flowId)))
      .orderBy(desc(flowVersions.version))
      .limit(1);
    return row;
  }

  async existingIds(tx: AiTx, companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: flows.id })
      .from(flows)
      .where(and(eq(flows.companyId, companyId), inArray(flows.id, ids)));
    return rows.map((row) => row.id);
  }

  /** Per node, summed over the versions. */
  async stats(tx: AiTx, companyId: number, flowId: number) {
    return tx
      .select({
        nodeId: flowNodeStats.nodeId,
        entered: sql<number>`sum(${flowNodeStats.entered})::int`,
        left: sql<number>`sum(${flowNodeStats.left})::int`,
        dropped: sql<number>`sum(${flowNodeStats.dropped})::int`,
      })
      .from(flowNodeStats)
      .where(and(eq(flowNodeStats.companyId, companyId), eq(flowNodeStats.flowId, flowId)))
      .groupBy(flowNodeStats.nodeId)
      .orderBy(asc(flowNodeStats.nodeId));
  }

  /**
   * Adds to a version's node counters, on the conversation's stripe of them: every walk of a flow
   * counts on the same few nodes in its transaction, and one row per node made the walks of all
   * conversations wait on each other's row locks until they committed (bench/flows.mjs: ~30 steps/s,
   * 24 ms an upsert). A ticket keeps one stripe, so a walk's rows are always locked in the same order.
   */
  async count(
    tx: AiTx,
    companyId: number,
    flowId: number,
    version: number,
    nodeId: string,
    field: 'entered' | 'left' | 'dropped',
    by: number,
    ticketId: number,
  ): Promise<void> {
    const stripe = ticketId % FLOW_STAT_STRIPES;
    await tx
      .insert(flowNodeStats)
      .values({ companyId, flowId, version, nodeId, stripe, [field]: by })
      .onConflictDoUpdate({
        target: [flowNodeStats.companyId, flowNodeStats.flowId, flowNodeStats.version, flowNodeStats.nodeId, flowNodeStats.stripe],
        set: { [field]: sql`${flowNodeStats[field]} + ${by}` },
      });
  }
}
