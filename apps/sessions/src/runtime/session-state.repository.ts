import { Inject, Injectable } from '@nestjs/common';
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { DATABASE } from '@atrium/service-kit';
import { sessionLeases, whatsapps } from '../db/schema.js';
import type { SessionsDatabase, SessionsTx } from '../shared/sessions-database.js';
import type { NewWhatsapp, WhatsappRow } from '../shared/whatsapp.view.js';

export type SessionStatePatch = Pick<Partial<NewWhatsapp>, 'status' | 'statusReason' | 'qrcode' | 'pairingCode' | 'retries' | 'number'>;

/**
 * Session status as the replica running a session writes it. Writes are fenced by the lease: a
 * replica that lost a session (taken over after a pause) cannot overwrite what the new owner wrote.
 */
@Injectable()
export class SessionStateRepository {
  constructor(@Inject(DATABASE) private readonly database: SessionsDatabase) {}

  async find(companyId: number, whatsappId: number): Promise<WhatsappRow | undefined> {
    const [row] = await this.database.withTenant(companyId, (tx) =>
      tx
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId))),
    );
    return row;
  }

  /** Several sessions' rows at once, across companies (a replica launching what it claimed): by id. */
  async findMany(whatsappIds: number[]): Promise<Map<number, WhatsappRow>> {
    if (whatsappIds.length === 0) return new Map();
    const rows = await this.database.asSystem((tx) => tx.select().from(whatsapps).where(inArray(whatsapps.id, whatsappIds)));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Writes the state if `owner` still holds the session's lease; undefined otherwise. */
  updateAsOwner(companyId: number, whatsappId: number, owner: string, patch: SessionStatePatch): Promise<WhatsappRow | undefined> {
    return this.database.withTenant(companyId, (tx) => this.writeIfHeld(tx, companyId, whatsappId, owner, patch));
  }

  /**
   * The session ended on purpose (logged out, timed out): writes the final state and drops the
   * lease in one transaction, if `owner` holds it.
   */
  endAsOwner(companyId: number, whatsappId: number, owner: string, patch: SessionStatePatch): Promise<WhatsappRow | undefined> {
    return this.database.withTenant(companyId, async (tx) => {
      const row = await this.writeIfHeld(tx, companyId, whatsappId, owner, patch);
      if (row) await tx.delete(sessionLeases).where(and(eq(sessionLeases.whatsappId, whatsappId), eq(sessionLeases.owner, owner)));
      return row;
    });
  }

  /** For a session no replica runs: writes the state and drops any lease. */
  async endUnowned(companyId: number, whatsappId: number, patch: SessionStatePatch): Promise<WhatsappRow | undefined> {
    return this.database.withTenant(companyId, async (tx) => {
      await tx.delete(sessionLeases).where(and(eq(sessionLeases.companyId, companyId), eq(sessionLeases.whatsappId, whatsappId)));
      const [row] = await tx
        .update(whatsapps)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)))
        .returning();
      return row;
    });
  }

  private async writeIfHeld(
    tx: SessionsTx,
    companyId: number,
    whatsappId: number,
    owner: string,
    patch: SessionStatePatch,
  ): Promise<WhatsappRow | undefined> {
    const heldByOwner = tx
      .select({ one: sql`1` })
      .from(sessionLeases)
      .where(and(eq(sessionLeases.whatsappId, whatsappId), eq(sessionLeases.owner, owner)));
    const [row] = await tx
      .update(whatsapps)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId), exists(heldByOwner)))
      .returning();
    return row;
  }
}
