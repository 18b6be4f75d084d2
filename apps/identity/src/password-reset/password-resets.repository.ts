import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
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

  /**
   * Counts one attempt against the user's latest active code and answers its hash, or nothing
   * when there is no such code or its attempts are used up. One conditional UPDATE: parallel
   * attempts queue on the row and each re-checks the count, so no more than `maxAttempts` are
   * ever counted (and answered).
   */
  async claimAttempt(tx: IdentityTx, userId: number, maxAttempts: number): Promise<{ id: number; codeHash: string } | undefined> {
    const active = and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));
    const latest = tx.select({ id: passwordResets.id }).from(passwordResets).where(active).orderBy(desc(passwordResets.id)).limit(1);
    const [row] = await tx
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(inArray(passwordResets.id, latest), active, lt(passwordResets.attempts, maxAttempts)))
      .returning({ id: passwordResets.id, codeHash: passwordResets.codeHash });
    return row;
  }

  /** Marks a code used; false when a parallel attempt used it first. */
  async markUsed(tx: IdentityTx, id: number): Promise<boolean> {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    return used.length > 0;
  }
}
