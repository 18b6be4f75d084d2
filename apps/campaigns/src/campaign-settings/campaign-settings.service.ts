import { Inject, Injectable } from '@nestjs/common';
import {
  CAMPAIGN_SETTING_DEFAULTS,
  CAMPAIGN_SETTING_KEYS,
  type Actor,
  type CampaignSettingKey,
  type CampaignSettingsDto,
  type CampaignSettingsView,
  type CampaignVariable,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { CampaignSettingsRepository, type CampaignSettingRow } from './campaign-settings.repository.js';

/** A company's campaign settings with the spec's defaults for the keys never saved. */
export interface CampaignSettingsValues {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
}

/** How long the senders reuse a company's settings before reading them again. */
const SETTINGS_TTL_MS = 1_000;

/**
 * `GET/POST /campaign-settings` (spec 001 "Campaign setting keys"): rows of key and JSON value,
 * and the typed values the campaign senders pace and fill variables with.
 */
@Injectable()
export class CampaignSettingsService {
  private readonly cache = new Map<number, { at: number; values: CampaignSettingsValues }>();

  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignSettingsRepository) private readonly settings: CampaignSettingsRepository,
  ) {}

  list(actor: Actor): Promise<CampaignSettingsView> {
    return this.database.withTenant(actor.companyId, async (tx) => toView(actor.companyId, await this.settings.list(tx, actor.companyId)));
  }

  async save(actor: Actor, dto: CampaignSettingsDto): Promise<CampaignSettingsView> {
    const values: Record<string, unknown> = {};
    for (const key of CAMPAIGN_SETTING_KEYS) {
      const value = dto.settings[key];
      if (value !== undefined) values[key] = key === 'variables' ? uniqueVariables(value as CampaignVariable[]) : value;
    }
    const rows = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.settings.upsert(tx, actor.companyId, values);
      return this.settings.list(tx, actor.companyId);
    });
    this.cache.delete(actor.companyId);
    return toView(actor.companyId, rows);
  }

  /** The values for the company's senders (cached for a second). */
  async valuesOf(companyId: number): Promise<CampaignSettingsValues> {
    const cached = this.cache.get(companyId);
    if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.values;
    const rows = await this.database.withTenant(companyId, (tx) => this.settings.list(tx, companyId));
    const values = { ...CAMPAIGN_SETTING_DEFAULTS, variables: [...CAMPAIGN_SETTING_DEFAULTS.variables] } as CampaignSettingsValues;
    for (const row of rows)
      if ((CAMPAIGN_SETTING_KEYS as readonly string[]).includes(row.key))
        (values as unknown as Record<string, unknown>)[row.key] = row.value;
    this.cache.set(companyId, { at: Date.now(), values });
    return values;
  }
}

/** A shortcut is kept once (spec 001 section 5: a custom variable is added only if its shortcut is not already used). */
function uniqueVariables(variables: CampaignVariable[]): CampaignVariable[] {
  const seen = new Set<string>();
  return variables.filter((variable) => !seen.has(variable.key) && seen.add(variable.key)).map(({ key, value }) => ({ key, value }));
}

function toView(companyId: number, rows: CampaignSettingRow[]): CampaignSettingsView {
  return rows.map((row) => ({ key: row.key as CampaignSettingKey, value: JSON.stringify(row.value), companyId }));
}
