import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { SETTING_DEFINITIONS, SETTING_KEYS, type SettingKey, type SettingView } from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';
import { settings } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

/**
 * Company settings, always inside the caller's tenant transaction. A key a company lacks (one
 * added after it was created) reads as its default; the time zone's default ('') as the
 * platform's (TIME_ZONE), which is also what a new company is given.
 */
@Injectable()
export class SettingsRepository {
  private readonly platformTimeZone: string;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.platformTimeZone = config.TIME_ZONE;
  }

  async list(tx: IdentityTx, companyId: number): Promise<SettingView[]> {
    const stored = await tx
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(eq(settings.companyId, companyId))
      .orderBy(asc(settings.key));
    const present = new Set(stored.map((row) => row.key));
    const missing = SETTING_KEYS.filter((key) => !present.has(key)).map((key) => ({
      key,
      value: SETTING_DEFINITIONS[key].default as string,
    }));
    return [...stored, ...missing].map((row) =>
      row.key === 'timezone' && row.value === '' ? { key: row.key, value: this.platformTimeZone } : row,
    );
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
    const values: Partial<Record<SettingKey, string>> = { timezone: this.platformTimeZone, ...overrides };
    const rows = SETTING_KEYS.map((key) => ({ companyId, key, value: values[key] ?? SETTING_DEFINITIONS[key].default }));
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
