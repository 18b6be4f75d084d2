import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { SETTING_DEFINITIONS, SETTING_KEYS, type SettingKey, type SettingView } from '@atrium/contracts';
import { settings } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

/** Company settings, always inside the caller's tenant transaction. */
@Injectable()
export class SettingsRepository {
  async list(tx: IdentityTx, companyId: number): Promise<SettingView[]> {
    return tx
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(eq(settings.companyId, companyId))
      .orderBy(asc(settings.key));
  }

  async upsert(tx: IdentityTx, companyId: number, key: SettingKey, value: string): Promise<SettingView> {
    const [row] = await tx
      .insert(settings)
      .values({ companyId, key, value })
      .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
      .returning({ key: settings.key, value: settings.value });
    return row!;
  }

  /** Every known key with its default, except those already present (run when a company is created). */
  async createDefaults(tx: IdentityTx, companyId: number, overrides: Partial<Record<SettingKey, string>> = {}): Promise<void> {
    const rows = SETTING_KEYS.map((key) => ({ companyId, key, value: overrides[key] ?? SETTING_DEFINITIONS[key].default }));
    await tx.insert(settings).values(rows).onConflictDoNothing();
  }

  async get(tx: IdentityTx, companyId: number, key: SettingKey): Promise<string | undefined> {
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
    return row?.value;
  }
}
