import { ofCompanies, type Companies } from '@atrium/database';
import { Injectable } from '@nestjs/common';
import type { ConnectionAutomation, UserRefRecord, WhatsappProvider } from '@atrium/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { userRefs, whatsappRefs } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type WhatsappRefRow = typeof whatsappRefs.$inferSelect;

export interface WhatsappRefValues {
  id: number;
  companyId: number;
  name: string;
  status: string;
  isDefault: boolean;
  provider: WhatsappProvider;
  /** undefined keeps the queues already known (session updates carry none). */
  queueIds?: number[];
  /** undefined keeps the automation already known (session updates carry none). */
  automation?: ConnectionAutomation;
}

/** Read models of other services' records: users (identity) and connections (sessions). */
@Injectable()
export class DirectoryRepository {
  /**
   * Writes these users' names. With `olderThan` (a reconciliation), a copy written since then is
   * left alone: it came from an event at least as new as the owner's answer.
   */
  async upsertUsers(tx: TicketsTx, users: UserRefRecord[], olderThan?: Date): Promise<void> {
    if (users.length === 0) return;
    await tx
      .insert(userRefs)
      .values(users)
      .onConflictDoUpdate({
        target: userRefs.id,
        set: { name: sql`excluded.name`, companyId: sql`excluded.company_id`, updatedAt: sql`now()` },
        // a reconciliation rewrites only what differs
        ...(olderThan && {
          setWhere: and(
            lt(userRefs.updatedAt, olderThan),
            sql`(${userRefs.name}, ${userRefs.companyId}) is distinct from (excluded.name, excluded.company_id)`,
          ),
        }),
      });
  }

  /** The database's clock: what a reconciliation compares `updated_at` with. */
  async now(tx: TicketsTx): Promise<Date> {
    const result = await tx.execute<{ now: Date | string }>(sql`select now() as now`);
    return new Date(result.rows[0]!.now);
  }

  async userNames(tx: TicketsTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await tx
      .select({ id: userRefs.id, name: userRefs.name })
      .from(userRefs)
      .where(and(eq(userRefs.companyId, companyId), inArray(userRefs.id, unique)));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async whatsappNames(tx: TicketsTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await tx
      .select({ id: whatsappRefs.id, name: whatsappRefs.name })
      .from(whatsappRefs)
      .where(and(eq(whatsappRefs.companyId, companyId), inArray(whatsappRefs.id, unique)));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Writes a connection; with `olderThan` (a reconciliation), a copy written since then is left alone. */
  async upsertWhatsapp(tx: TicketsTx, values: WhatsappRefValues, olderThan?: Date): Promise<void> {
    const { queueIds, automation, ...rest } = values;
    await tx
      .insert(whatsappRefs)
      .values({ ...rest, queueIds: queueIds ?? [], automation: automation ?? null, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: whatsappRefs.id,
        set: {
          name: rest.name,
          status: rest.status,
          isDefault: rest.isDefault,
          provider: rest.provider,
          ...(queueIds !== undefined && { queueIds }),
          ...(automation !== undefined && { automation }),
          updatedAt: sql`now()`,
        },
        ...(olderThan && { setWhere: lt(whatsappRefs.updatedAt, olderThan) }),
      });
  }

  /** Forgets the connections the owner no longer has (not in `keptIds`) whose copy was not written since `olderThan`. */
  async deleteWhatsappsExcept(tx: TicketsTx, keptIds: number[], olderThan: Date): Promise<number> {
    const deleted = await tx
      .delete(whatsappRefs)
      .where(and(lt(whatsappRefs.updatedAt, olderThan), sql`${whatsappRefs.id} <> all(${sql.param(keptIds)}::int[])`))
      .returning({ id: whatsappRefs.id });
    return deleted.length;
  }

  async deleteWhatsapp(tx: TicketsTx, companyId: number, id: number): Promise<void> {
    await tx.delete(whatsappRefs).where(and(eq(whatsappRefs.companyId, companyId), eq(whatsappRefs.id, id)));
  }

  async whatsapp(tx: TicketsTx, companyId: number, id: number): Promise<WhatsappRefRow | undefined> {
    const [row] = await tx
      .select()
      .from(whatsappRefs)
      .where(and(eq(whatsappRefs.companyId, companyId), eq(whatsappRefs.id, id)));
    return row;
  }

  /** `companies`: a company, or the companies of a group's transaction. */
  whatsappsByIds(tx: TicketsTx, companies: Companies, ids: number[]): Promise<WhatsappRefRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(whatsappRefs)
      .where(and(ofCompanies(whatsappRefs.companyId, companies), inArray(whatsappRefs.id, ids)));
  }

  whatsapps(tx: TicketsTx, companyId: number): Promise<WhatsappRefRow[]> {
    return tx.select().from(whatsappRefs).where(eq(whatsappRefs.companyId, companyId)).orderBy(whatsappRefs.id);
  }
}
