import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, SETTING_DEFINITIONS, type SettingKey } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { LOGGER } from '@atrium/service-kit';

const CACHE_MS = 60_000;

export type SettingValues = Record<SettingKey, string>;

function defaults(): SettingValues {
  return Object.fromEntries(Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => [key, definition.default])) as SettingValues;
}

/**
 * A company's settings (owned by identity), asked over NATS and kept for a minute; the owner of
 * the cache drops a company's copy on its `settings` event (`forget`). When identity does not
 * answer, the defaults apply.
 */
@Injectable()
export class CompanySettings {
  private readonly cache = new Map<number, { values: SettingValues; at: number }>();

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async of(companyId: number): Promise<SettingValues> {
    const cached = this.cache.get(companyId);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.values;
    const values = defaults();
    try {
      const rows = await this.rpc.request(IdentitySubjects.settingsOfCompany, { companyId });
      for (const row of rows) if (row.key in values) values[row.key as SettingKey] = row.value;
      this.cache.set(companyId, { values, at: Date.now() });
    } catch (error) {
      this.logger.warn({ err: error, companyId }, 'company settings unavailable: using defaults');
    }
    return values;
  }

  async enabled(companyId: number, key: SettingKey): Promise<boolean> {
    return (await this.of(companyId))[key] === 'enabled';
  }

  /** The company's time zone (setting `timezone`), `platform` (TIME_ZONE) when it has none or identity does not answer. */
  async timeZone(companyId: number, platform: string): Promise<string> {
    return (await this.of(companyId)).timezone || platform;
  }

  forget(companyId: number): void {
    this.cache.delete(companyId);
  }
}
