import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DATABASE } from '@atrium/service-kit';
import { authKeys } from '../db/schema.js';
import type { SessionsDatabase } from '../shared/sessions-database.js';

export interface SessionRef {
  companyId: number;
  whatsappId: number;
}

export interface AuthKeyWrite {
  category: string;
  id: string;
  value: string;
}

/** Rows per INSERT statement: big key batches (pre-keys) go in a few statements of one transaction. */
const WRITE_CHUNK = 500;

/** Auth-state keys of a session, one row each. */
@Injectable()
export class AuthKeysRepository {
  constructor(@Inject(DATABASE) private readonly database: SessionsDatabase) {}

  async read(session: SessionRef, category: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.withTenant(session.companyId, (tx) =>
      tx
        .select({ keyId: authKeys.keyId, value: authKeys.value })
        .from(authKeys)
        .where(
          and(
            eq(authKeys.companyId, session.companyId),
            eq(authKeys.whatsappId, session.whatsappId),
            eq(authKeys.category, category),
            inArray(authKeys.keyId, [...ids]),
          ),
        ),
    );
    return new Map(rows.map((row) => [row.keyId, row.value]));
  }

  /** Upserts and deletes in one transaction. */
  async write(
    session: SessionRef,
    upserts: readonly AuthKeyWrite[],
    deletes: ReadonlyArray<{ category: string; id: string }>,
  ): Promise<void> {
    if (upserts.length === 0 && deletes.length === 0) return;
    await this.database.withTenant(session.companyId, async (tx) => {
      for (let start = 0; start < upserts.length; start += WRITE_CHUNK) {
        const chunk = upserts.slice(start, start + WRITE_CHUNK);
        await tx
          .insert(authKeys)
          .values(chunk.map((entry) => ({ ...session, category: entry.category, keyId: entry.id, value: entry.value })))
          .onConflictDoUpdate({
            target: [authKeys.whatsappId, authKeys.category, authKeys.keyId],
            set: { value: sql`excluded.value`, updatedAt: sql`now()` },
          });
      }
      const byCategory = new Map<string, string[]>();
      for (const entry of deletes) byCategory.set(entry.category, [...(byCategory.get(entry.category) ?? []), entry.id]);
      for (const [category, ids] of byCategory) {
        await tx
          .delete(authKeys)
          .where(
            and(
              eq(authKeys.companyId, session.companyId),
              eq(authKeys.whatsappId, session.whatsappId),
              eq(authKeys.category, category),
              inArray(authKeys.keyId, ids),
            ),
          );
      }
    });
  }

  async clear(session: SessionRef): Promise<void> {
    await this.database.withTenant(session.companyId, (tx) =>
      tx.delete(authKeys).where(and(eq(authKeys.companyId, session.companyId), eq(authKeys.whatsappId, session.whatsappId))),
    );
  }

  async count(session: SessionRef): Promise<number> {
    const [row] = await this.database.withTenant(session.companyId, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(authKeys)
        .where(and(eq(authKeys.companyId, session.companyId), eq(authKeys.whatsappId, session.whatsappId))),
    );
    return row?.n ?? 0;
  }
}
