import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { queueRefs, userQueues } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

/** The read model of the tickets service's queues (names and colours shown with users' queues). */
@Injectable()
export class QueueRefsRepository {
  async upsert(tx: IdentityTx, queue: { id: number; companyId: number; name: string; color: string }): Promise<void> {
    await tx
      .insert(queueRefs)
      .values(queue)
      .onConflictDoUpdate({
        target: queueRefs.id,
        set: { name: sql`excluded.name`, color: sql`excluded.color`, companyId: sql`excluded.company_id` },
      });
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
}
