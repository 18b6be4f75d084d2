import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  isSettingKey,
  isValidSettingValue,
  MASKED,
  SECRET_SETTING_KEYS,
  type Actor,
  type SettingView,
} from '@atrium/contracts';
import { requireAdmin } from '@atrium/kernel';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { IdentityEvents } from '../shared/identity.events.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SettingsRepository } from './settings.repository.js';
import { visibleSettings } from './visible-settings.js';

@Injectable()
export class SettingsService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async list(actor: Actor): Promise<SettingView[]> {
    const all = await this.database.withTenant(actor.companyId, (tx) => this.settings.list(tx, actor.companyId));
    return visibleSettings(all, actor);
  }

  /** A company's settings for other services, without secrets (the payment token). */
  async ofCompany(companyId: number): Promise<SettingView[]> {
    const all = await this.database.withTenant(companyId, (tx) => this.settings.list(tx, companyId));
    return all.filter((setting) => !(SECRET_SETTING_KEYS as readonly string[]).includes(setting.key));
  }

  async update(actor: Actor, key: string, value: string): Promise<SettingView> {
    requireAdmin(actor);
    if (!isSettingKey(key)) throw new AppError(ErrorCode.ERR_NO_SETTING_FOUND);
    if (!isValidSettingValue(key, value)) throw new AppError(ErrorCode.ERR_INVALID_SETTING_VALUE);
    const secret = (SECRET_SETTING_KEYS as readonly string[]).includes(key);
    const saved = await this.database.withTenant(actor.companyId, async (tx) => {
      const before = await this.settings.get(tx, actor.companyId, key);
      const row = await this.settings.upsert(tx, actor.companyId, key, value);
      // a secret setting (the payment token) is masked whatever its key is called
      const shown = (stored: string | undefined) => (secret && stored ? MASKED : (stored ?? null));
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'setting.updated',
        entityType: 'setting',
        entityId: key,
        before: { [key]: shown(before) },
        after: { [key]: secret && before !== value ? `${MASKED} (changed)` : shown(value) },
      });
      return row;
    });
    this.events.settingSaved(actor.companyId, saved, SECRET_SETTING_KEYS.includes(key));
    return saved;
  }
}
