import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CampaignReportView, CampaignStatus } from '@atrium/contracts';
import { likePattern, pageOffset } from '@atrium/kernel';
import { campaigns, campaignShippings } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;

const EMPTY_REPORT: CampaignReportView = { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0 };

/** The only code that touches the `campaigns` table (and reads contact list names, the list's context being in this service). */
@Injectable()
export class CampaignsRepository {
  async page(
    tx: CampaignsTx,
    companyId: number,
    searchParam: string | undefined,
    pageNumber: number | undefined,
    size: number,
  ): Promise<{ rows: CampaignRow[]; count: number }> {
    const conditions: SQL[] = [eq(campaigns.companyId, companyId)];
    if (searchParam?.trim()) conditions.push(ilike(campaigns.name, likePattern(searchParam)));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      tx.select().from(campaigns).where(where).orderBy(desc(campaigns.id)).limit(size).offset(pageOffset(pageNumber, size)),
      tx.select({ value: count() }).from(campaigns).where(where),
    ]);
    return { rows, count: total!.value };
  }

  async find(tx: CampaignsTx, companyId: number, id: number, lock?: 'update' | 'share'): Promise<CampaignRow | undefined> {
    const query = tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
    const [row] = lock ? await query.for(lock) : await query;
    return row;
  }

  async insert(tx: CampaignsTx, values: NewCampaign): Promise<CampaignRow> {
    const [row] = await tx.insert(campaigns).values(values).returning();
    return row!;
  }

  async update(tx: CampaignsTx, companyId: number, id: number, changes: Partial<NewCampaign>): Promise<CampaignRow | undefined> {
    const [row] = await tx
      .update(campaigns)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
      .returning();
    return row;
  }

  /** Moves the campaign from one of `from` to `to` (nothing when it is in another state). */
  async transition(
    tx: CampaignsTx,
    companyId: number,
    id: number,
    from: CampaignStatus[],
    to: CampaignStatus,
    extra: Partial<NewCampaign> = {},
  ): Promise<CampaignRow | undefined> {
    const [row] = await tx
      .update(campaigns)
      .set({ ...extra, status: to, updatedAt: new Date() })
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), inArray(campaigns.status, from)))
      .returning();
    return row;
  }

  async delete(tx: CampaignsTx, companyId: number, id: number): Promise<void> {
    await tx.delete(campaigns).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  }

  /** The report's counts of these campaigns, from their shippings. */
  async reports(tx: CampaignsTx, companyId: number, ids: number[]): Promise<Map<number, CampaignReportView>> {
    const reports = new Map<number, CampaignReportView>(ids.map((id) => [id, { ...EMPTY_REPORT }]));
    if (ids.length === 0) return reports;
    const rows = await tx
      .select({
        campaignId: campaignShippings.campaignId,
        valid: count(),
        delivered: count(campaignShippings.deliveredAt),
        confirmationRequested: count(campaignShippings.confirmationRequestedAt),
        confirmed: count(campaignShippings.confirmedAt),
        failed: count(campaignShippings.failedAt),
      })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.companyId, companyId), inArray(campaignShippings.campaignId, ids)))
      .groupBy(campaignShippings.campaignId);
    for (const { campaignId, ...report } of rows) reports.set(campaignId, report);
    return reports;
  }

  /** Names of the company's contact lists among these ids (the contact-lists context's table). */
  async contactListNames(tx: CampaignsTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.execute<{ id: number; name: string }>(
      sql`select id, name from campaigns.contact_lists where company_id = ${companyId} and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.rows.map((row) => [Number(row.id), row.name]));
  }

  /** Every company's campaigns whose scheduledAt came (system scope: the scheduler). */
  due(tx: CampaignsTx): Promise<Array<Pick<CampaignRow, 'id' | 'companyId'>>> {
    return tx
      .select({ id: campaigns.id, companyId: campaigns.companyId })
      .from(campaigns)
      .where(and(eq(campaigns.status, 'PROGRAMADA'), sql`${campaigns.scheduledAt} <= now()`));
  }

  /**
   * Every running campaign (system scope: the advance job plans and finishes them), and whether a
   * replica sends on its connection now (a live sender lease on one of the connection's campaigns).
   */
  async running(
    tx: CampaignsTx,
  ): Promise<Array<Pick<CampaignRow, 'id' | 'companyId' | 'whatsappId' | 'plannedAt'> & { sending: boolean }>> {
    const rows = await tx
      .select({
        id: campaigns.id,
        companyId: campaigns.companyId,
        whatsappId: campaigns.whatsappId,
        plannedAt: campaigns.plannedAt,
        leased: sql<boolean>`${campaigns.leasedUntil} > now()`,
      })
      .from(campaigns)
      .where(eq(campaigns.status, 'EM_ANDAMENTO'));
    const sendingOn = new Set(rows.filter((row) => row.leased && row.whatsappId !== null).map((row) => row.whatsappId));
    return rows.map(({ leased: _leased, ...row }) => ({ ...row, sending: row.whatsappId !== null && sendingOn.has(row.whatsappId) }));
  }
}
