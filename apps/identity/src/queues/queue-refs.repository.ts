import { Injectable } from '@nestjs/common';
import type { QueueRefRecord } from '@atrium/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { queueRefs, userQueues } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

/** The read model of the tickets service's queues (names and colours shown with users' queues). */
@Injectable()
export class QueueRefsRepository {
  /** With `olderThan` (a reconciliation), a copy written since then is left alone. */
  async upsert(tx: IdentityTx, queue: QueueRefRecord, olderThan?: Date): Promise<void> {
    await this.upsertMany(tx, [queue], olderThan);
  }

  /** Forgets a deleted queue and takes it out of its members' queues; answers those members. */
  async delete(tx: IdentityTx, companyId: number, queueId: number): Promise<number[]> {
    await tx.delete(queueRefs).where(and(eq(queueRefs.companyId, companyId), eq(queueRefs.id, queueId)));
    const members = await tx
      .delete(userQueues)
      .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, queueId)))
      .returning({ userId: userQueues.userId });
    return members.map((member) => member.userId);
  }

  /**
   * The owner's full set, page by page (call inside asSystem): upserted, and the copies of queues it no longer
   * has forgotten; copies written since `olderThan` are left alone. Members' queues are the
   * `queue.deleted` event's to change.
   */
  async reconcile(tx: IdentityTx, pages: QueueRefRecord[][], olderThan: Date): Promise<void> {
    for (const queues of pages) await this.upsertMany(tx, queues, olderThan);
    await tx
      .delete(queueRefs)
      .where(
        and(lt(queueRefs.updatedAt, olderThan), sql`${queueRefs.id} <> all(${sql.param(pages.flat().map((queue) => queue.id))}::int[])`),
      );
  }

  /** The database's clock: what a reconciliation compares `updated_at` with. */
  async now(tx: IdentityTx): Promise<Date> {
    const result = await tx.execute<{ now: Date | string }>(sql`select now() as now`);
    return new Date(result.rows[0]!.now);
  }

  private async upsertMany(tx: IdentityTx, queues: QueueRefRecord[], olderThan?: Date): Promise<void> {
    if (queues.length === 0) return;
    await tx
      .insert(queueRefs)
      .values(queues)
      .onConflictDoUpdate({
        target: queueRefs.id,
        set: { name: sql`excluded.name`, color: sql`excluded.color`, companyId: sql`excluded.company_id`, updatedAt: sql`now()` },
        ...(olderThan && { setWhere: lt(queueRefs.updatedAt, olderThan) }),
      });
  }
}
