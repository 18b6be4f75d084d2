import { Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { userRecoveryCodes, users } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

export interface TwoFactorState {
  id: number;
  companyId: number;
  email: string;
  profile: string;
  super: boolean;
  twoFactorSecret: string | null;
  twoFactorPendingSecret: string | null;
  twoFactorLastStep: number | null;
}

/** A user's two-factor columns and recovery codes, inside the caller's tenant transaction. */
@Injectable()
export class TwoFactorRepository {
  async stateOf(tx: IdentityTx, companyId: number, userId: number): Promise<TwoFactorState | undefined> {
    const [row] = await tx
      .select({
        id: users.id,
        companyId: users.companyId,
        email: users.email,
        profile: users.profile,
        super: users.super,
        twoFactorSecret: users.twoFactorSecret,
        twoFactorPendingSecret: users.twoFactorPendingSecret,
        twoFactorLastStep: users.twoFactorLastStep,
      })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return row;
  }

  /** The company of any user (a super user's reset names only the user): call inside asSystem. */
  async companyOfUser(tx: IdentityTx, userId: number): Promise<number | undefined> {
    const [row] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
    return row?.companyId;
  }

  async setPending(tx: IdentityTx, companyId: number, userId: number, sealed: string): Promise<void> {
    await tx
      .update(users)
      .set({ twoFactorPendingSecret: sealed })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  }

  /** Turns the pending secret on, once (false when another request did, or it changed meanwhile). */
  async enable(tx: IdentityTx, companyId: number, userId: number, pendingSealed: string, step: number): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ twoFactorSecret: pendingSealed, twoFactorPendingSecret: null, twoFactorLastStep: step })
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.id, userId),
          isNull(users.twoFactorSecret),
          eq(users.twoFactorPendingSecret, pendingSealed),
        ),
      )
      .returning({ id: users.id });
    return rows.length === 1;
  }

  /** Turns two-factor login off and drops the recovery codes; false when it was already off. */
  async disable(tx: IdentityTx, companyId: number, userId: number): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorLastStep: null })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId), sql`${users.twoFactorSecret} is not null`))
      .returning({ id: users.id });
    await tx.delete(userRecoveryCodes).where(and(eq(userRecoveryCodes.companyId, companyId), eq(userRecoveryCodes.userId, userId)));
    return rows.length === 1;
  }

  /** Records the step a code was accepted at; false when that step (or a later one) was used already: a replay. */
  async useStep(tx: IdentityTx, companyId: number, userId: number, step: number): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(
        and(eq(users.companyId, companyId), eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))),
      )
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async replaceRecoveryCodes(tx: IdentityTx, companyId: number, userId: number, hashes: string[]): Promise<void> {
    await tx.delete(userRecoveryCodes).where(and(eq(userRecoveryCodes.companyId, companyId), eq(userRecoveryCodes.userId, userId)));
    await tx.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ companyId, userId, codeHash })));
  }

  unusedRecoveryCodes(tx: IdentityTx, companyId: number, userId: number): Promise<Array<{ id: number; codeHash: string }>> {
    return tx
      .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.companyId, companyId), eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  }

  /** Marks a recovery code used; false when another request used it first. */
  async useRecoveryCode(tx: IdentityTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(userRecoveryCodes.companyId, companyId), eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
      .returning({ id: userRecoveryCodes.id });
    return rows.length === 1;
  }
}
