import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { CampaignView } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { EventBus } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { CampaignViews } from './campaign-views.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** At most one progress event per campaign this often (a few per second, spec: live report). */
export const PROGRESS_EVERY_MS = 300;

/**
 * `company-{id}-campaign` (spec 001 "Live lists", the live report): saves and deletes at once,
 * progress throttled per campaign (the first change goes out at once, the rest are folded into
 * one trailing event per PROGRESS_EVERY_MS).
 */
@Injectable()
export class CampaignsEvents implements OnModuleDestroy {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly lastAt = new Map<number, number>();

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(CampaignViews) private readonly views: CampaignViews,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  saved(action: 'create' | 'update', record: CampaignView): void {
    this.bus.publish({ kind: 'campaign', companyId: record.companyId, payload: { action, record } });
  }

  deleted(companyId: number, id: number): void {
    this.bus.publish({ kind: 'campaign', companyId, payload: { action: 'delete', id } });
  }

  /** The campaign's counts or status changed: announce it, throttled. */
  progress(companyId: number, campaignId: number): void {
    if (this.timers.has(campaignId)) return;
    const wait = Math.max(0, (this.lastAt.get(campaignId) ?? 0) + PROGRESS_EVERY_MS - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(campaignId);
      this.lastAt.set(campaignId, Date.now());
      void this.publishCurrent(companyId, campaignId);
    }, wait);
    timer.unref();
    this.timers.set(campaignId, timer);
  }

  /** The campaign as it is now, at once (status changes). */
  async now(companyId: number, campaignId: number): Promise<void> {
    await this.publishCurrent(companyId, campaignId);
  }

  onModuleDestroy(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async publishCurrent(companyId: number, campaignId: number): Promise<void> {
    try {
      const row = await this.database.withTenant(companyId, (tx) => this.campaigns.find(tx, companyId, campaignId));
      if (row) this.saved('update', await this.views.one(companyId, row));
    } catch (error) {
      this.logger.warn({ companyId, campaignId, error }, 'campaign progress not announced');
    }
  }
}
