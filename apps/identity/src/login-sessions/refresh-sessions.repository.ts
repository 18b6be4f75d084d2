import { Injectable } from '@nestjs/common';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { refreshSessions } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
export type NewRefreshSession = typeof refreshSessions.$inferInsert;

@Injectable()
export class RefreshSessionsRepository {
  async insert(tx: IdentityTx, values: NewRefreshSession): Promise<void> {
    await tx.insert(refreshSessions).values(values);
  }

  /** The session a refresh cookie names; call inside asSystem (the cookie alone names no tenant). */
  async findById(tx: IdentityTx, id: string): Promise<RefreshSessionRow | undefined> {
    const [row] = await tx.select().from(refreshSessions).where(eq(refreshSessions.id, id));
    return row;
  }

  /** Rotates only if nobody rotated it meanwhile (compare-and-swap on the hash). */
  async rotate(tx: IdentityTx, id: string, expectedHash: string, nextHash: string, expiresAt: Date): Promise<boolean> {
    const now = new Date();
    const rows = await tx
      .update(refreshSessions)
      .set({ tokenHash: nextHash, previousTokenHash: expectedHash, rotatedAt: now, lastUsedAt: now, expiresAt })
      .where(and(eq(refreshSessions.id, id), eq(refreshSessions.tokenHash, expectedHash), isNull(refreshSessions.revokedAt)))
      .returning({ id: refreshSessions.id });
    return rows.length > 0;
  }

  async revoke(tx: IdentityTx, id: string): Promise<void> {
    await tx
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshSessions.id, id), isNull(refreshSessions.revokedAt)));
  }

  /** Ends every login of the user, or every one but `keepId`. */
  async revokeAllOf(tx: IdentityTx, userId: number, keepId?: string): Promise<void> {
    const conditions = [eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)];
    if (keepId) conditions.push(ne(refreshSessions.id, keepId));
    await tx
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
  }
}
