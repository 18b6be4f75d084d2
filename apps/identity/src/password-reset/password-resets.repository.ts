import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResets } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

@Injectable()
export class PasswordResetsRepository {
  /** A new code replaces every earlier unused one. */
  async replace(tx: IdentityTx, values: { userId: number; companyId: number; codeHash: string; expiresAt: Date }): Promise<void> {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values(values);
  }

  async latestActive(tx: IdentityTx, userId: number): Promise<PasswordResetRow | undefined> {
    const [row] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .orderBy(desc(passwordResets.id))
      .limit(1);
    return row;
  }

  async countAttempt(tx: IdentityTx, id: number): Promise<void> {
    await tx
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(eq(passwordResets.id, id));
  }

  async markUsed(tx: IdentityTx, id: number): Promise<void> {
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, id));
  }
}
