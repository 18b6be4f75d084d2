import { Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { campaignSettings } from '../db/schema.js';
import type { CampaignsTx } from '../shared/campaigns-database.js';

export type CampaignSettingRow = typeof campaignSettings.$inferSelect;

/** The only code that touches the `campaign_settings` table. */
@Injectable()
export class CampaignSettingsRepository {
  list(tx: CampaignsTx, companyId: number): Promise<CampaignSettingRow[]> {
    return tx.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId)).orderBy(asc(campaignSettings.key));
  }

  async upsert(tx: CampaignsTx, companyId: number, values: Record<string, unknown>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ companyId, key, value }));
    if (rows.length === 0) return;
    await tx
      .insert(campaignSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [campaignSettings.companyId, campaignSettings.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
}
