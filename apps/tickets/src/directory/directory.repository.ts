import { Injectable } from '@nestjs/common';
import type { ConnectionAutomation, WhatsappProvider } from '@atrium/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
  async upsertUsers(tx: TicketsTx, users: Array<{ id: number; companyId: number; name: string }>): Promise<void> {
    if (users.length === 0) return;
    await tx
      .insert(userRefs)
      .values(users)
      .onConflictDoUpdate({ target: userRefs.id, set: { name: sql`excluded.name`, companyId: sql`excluded.company_id` } });
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

  async upsertWhatsapp(tx: TicketsTx, values: WhatsappRefValues): Promise<void> {
    const { queueIds, automation, ...rest } = values;
    await tx
      .insert(whatsappRefs)
      .values({ ...rest, queueIds: queueIds ?? [], automation: automation ?? null, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: whatsappRefs.id,
        set: {
          name: rest.name,
          status: rest.status,
          isDefault: rest.isDefault,
          provider: rest.provider,
          ...(queueIds !== undefined && { queueIds }),
          ...(automation !== undefined && { automation }),
          updatedAt: new Date(),
        },
      });
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

  whatsappsByIds(tx: TicketsTx, companyId: number, ids: number[]): Promise<WhatsappRefRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(whatsappRefs)
      .where(and(eq(whatsappRefs.companyId, companyId), inArray(whatsappRefs.id, ids)));
  }

  whatsapps(tx: TicketsTx, companyId: number): Promise<WhatsappRefRow[]> {
    return tx.select().from(whatsappRefs).where(eq(whatsappRefs.companyId, companyId)).orderBy(whatsappRefs.id);
  }
}
