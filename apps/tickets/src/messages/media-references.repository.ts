import { Injectable } from '@nestjs/common';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { mediaHolds, messages, quickMessages } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

/** What keeps a stored file of a company alive: messages and quick messages carrying it, and sends about to. */
@Injectable()
export class MediaReferencesRepository {
  /** Which of these files a message, a quick message or an unexpired hold still references. */
  async inUse(tx: TicketsTx, companyId: number, paths: readonly string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const listed = [...paths];
    const rows = await tx
      .selectDistinct({ path: messages.mediaPath })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), inArray(messages.mediaPath, listed)))
      .union(
        tx
          .selectDistinct({ path: quickMessages.mediaPath })
          .from(quickMessages)
          .where(and(eq(quickMessages.companyId, companyId), inArray(quickMessages.mediaPath, listed))),
      )
      .union(
        tx
          .selectDistinct({ path: mediaHolds.path })
          .from(mediaHolds)
          .where(and(eq(mediaHolds.companyId, companyId), inArray(mediaHolds.path, listed), sql`${mediaHolds.expiresAt} > now()`)),
      );
    return new Set(rows.map((row) => row.path!));
  }

  async addHold(tx: TicketsTx, companyId: number, path: string, ttlMs: number): Promise<number> {
    const [row] = await tx
      .insert(mediaHolds)
      .values({ companyId, path, expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'` })
      .returning({ id: mediaHolds.id });
    return row!.id;
  }

  async releaseHold(tx: TicketsTx, companyId: number, id: number): Promise<void> {
    await tx.delete(mediaHolds).where(and(eq(mediaHolds.companyId, companyId), eq(mediaHolds.id, id)));
  }

  /** Forgets the holds on these files whose senders never released them. */
  async dropExpiredHolds(tx: TicketsTx, companyId: number, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await tx
      .delete(mediaHolds)
      .where(and(eq(mediaHolds.companyId, companyId), inArray(mediaHolds.path, [...paths]), lte(mediaHolds.expiresAt, sql`now()`)));
  }
}
