import { Injectable } from '@nestjs/common';
import { connectionAutomationOf, type WhatsappRefRecord } from '@atrium/contracts';
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { lockFor } from '@atrium/kernel';
import { whatsappQueues, whatsapps } from '../db/schema.js';
import type { SessionsTx } from '../shared/sessions-database.js';
import type { NewWhatsapp, WhatsappRow } from '../shared/whatsapp.view.js';

/** Connections of a company, always inside the caller's tenant (or system) transaction. */
@Injectable()
export class ConnectionsRepository {
  /** Serialises creations and default changes of one company (limit and default rules). */
  lockCompany(tx: SessionsTx, companyId: number): Promise<void> {
    return lockFor(tx, 'sessions.whatsapps', companyId);
  }

  list(tx: SessionsTx, companyId: number): Promise<WhatsappRow[]> {
    return tx.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(asc(whatsapps.name), asc(whatsapps.id));
  }

  /** A page of every company's connections as other services keep them, ids after `afterId`: call inside asSystem. */
  async refs(tx: SessionsTx, afterId: number, limit: number): Promise<WhatsappRefRecord[]> {
    const rows = await tx.select().from(whatsapps).where(gt(whatsapps.id, afterId)).orderBy(asc(whatsapps.id)).limit(limit);
    const queues =
      rows.length === 0
        ? []
        : await tx
            .select()
            .from(whatsappQueues)
            .where(
              inArray(
                whatsappQueues.whatsappId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(whatsappQueues.queueId));
    return rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      name: row.name,
      status: row.status,
      isDefault: row.isDefault,
      provider: row.provider,
      queueIds: queues.filter((queue) => queue.whatsappId === row.id).map((queue) => queue.queueId),
      automation: connectionAutomationOf(row),
    }));
  }

  async find(tx: SessionsTx, companyId: number, id: number): Promise<WhatsappRow | undefined> {
    const [row] = await tx
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
    return row;
  }

  async count(tx: SessionsTx, companyId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
    return row?.n ?? 0;
  }

  async insert(tx: SessionsTx, values: NewWhatsapp): Promise<WhatsappRow> {
    const [row] = await tx.insert(whatsapps).values(values).returning();
    return row!;
  }

  async update(tx: SessionsTx, companyId: number, id: number, patch: Partial<NewWhatsapp>): Promise<WhatsappRow | undefined> {
    const [row] = await tx
      .update(whatsapps)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .returning();
    return row;
  }

  /** Clears a deleted prompt (or integration) from the company's connections that named it; the connections changed. */
  async clearBot(
    tx: SessionsTx,
    companyId: number,
    bot: { promptId: number } | { integrationId: number } | { flowId: number },
  ): Promise<WhatsappRow[]> {
    const [column, set] =
      'promptId' in bot
        ? [eq(whatsapps.promptId, bot.promptId), { promptId: null }]
        : 'integrationId' in bot
          ? [eq(whatsapps.integrationId, bot.integrationId), { integrationId: null }]
          : [eq(whatsapps.flowId, bot.flowId), { flowId: null }];
    return tx
      .update(whatsapps)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(whatsapps.companyId, companyId), column))
      .returning();
  }

  async delete(tx: SessionsTx, companyId: number, id: number): Promise<boolean> {
    const deleted = await tx
      .delete(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .returning({ id: whatsapps.id });
    return deleted.length > 0;
  }

  /** Unsets the company's default connection (but `exceptId`). */
  async clearDefault(tx: SessionsTx, companyId: number, exceptId?: number): Promise<WhatsappRow[]> {
    return tx
      .update(whatsapps)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(
        and(
          eq(whatsapps.companyId, companyId),
          eq(whatsapps.isDefault, true),
          exceptId === undefined ? undefined : ne(whatsapps.id, exceptId),
        ),
      )
      .returning();
  }

  /** The company's oldest connection, to become the default when the default one is deleted. */
  async oldest(tx: SessionsTx, companyId: number): Promise<WhatsappRow | undefined> {
    const [row] = await tx.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(asc(whatsapps.id)).limit(1);
    return row;
  }

  async queueIdsOf(tx: SessionsTx, companyId: number, whatsappIds: number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(whatsappIds.map((id) => [id, []]));
    if (whatsappIds.length === 0) return result;
    const rows = await tx
      .select()
      .from(whatsappQueues)
      .where(and(eq(whatsappQueues.companyId, companyId), inArray(whatsappQueues.whatsappId, whatsappIds)))
      .orderBy(asc(whatsappQueues.queueId));
    for (const row of rows) result.get(row.whatsappId)?.push(row.queueId);
    return result;
  }

  async setQueues(tx: SessionsTx, companyId: number, whatsappId: number, queueIds: number[]): Promise<void> {
    await tx.delete(whatsappQueues).where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)));
    const unique = [...new Set(queueIds)];
    if (unique.length > 0) await tx.insert(whatsappQueues).values(unique.map((queueId) => ({ whatsappId, queueId, companyId })));
  }

  /** For the external API, which starts from a token alone: call inside asSystem. */
  async findByTokenHash(tx: SessionsTx, tokenHash: string): Promise<WhatsappRow | undefined> {
    const [row] = await tx.select().from(whatsapps).where(eq(whatsapps.tokenHash, tokenHash));
    return row;
  }
}
