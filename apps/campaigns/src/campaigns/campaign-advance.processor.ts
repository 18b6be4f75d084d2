import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { CampaignsConfig } from '../config.js';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { CampaignPlanner } from './campaign-planner.js';
import { CampaignRunner } from './campaign-runner.js';
import { CampaignsEvents } from './campaigns.events.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { ShippingsRepository } from './shippings.repository.js';

/** The advance job's one schedule across replicas (its repeat key). */
export const CAMPAIGNS_ADVANCE_SCHEDULE = 'campaigns-advance';

/**
 * A running campaign whose connection has a sender now is asked whether it is done at most this
 * often (a campaign can end while its connection still sends another's); one without a sender, at
 * every run. Asking every campaign at every run was a transaction per campaign per run (250 a
 * second with 50 campaigns and a 200 ms tick, bench/HISTORY.md campaigns).
 */
const FINISH_CHECK_WHILE_SENDING_MS = 1_000;

/**
 * `JobName.CampaignsAdvance` ('campaigns.advance'), on @atrium/jobs (docs/adr/020): a repeatable
 * job every CAMPAIGN_TICK_MS, one schedule across replicas and each run on one of them, that
 * starts the PROGRAMADA campaigns whose scheduledAt came, plans the running ones not yet planned
 * (CampaignPlanner) and finishes those with nothing left to send. Every step is a conditional
 * update, so a late or overlapping run changes nothing twice. The sending itself is the
 * connections' senders' (CampaignRunner, rows leased from PostgreSQL).
 */
@Injectable()
export class CampaignAdvanceProcessor implements OnModuleInit, OnApplicationBootstrap {
  /** When each running campaign was last asked whether it is done, by this process. */
  private readonly finishCheckedAt = new Map<number, number>();

  constructor(
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(ShippingsRepository) private readonly shippings: ShippingsRepository,
    @Inject(CampaignPlanner) private readonly planner: CampaignPlanner,
    @Inject(CampaignRunner) private readonly runner: CampaignRunner,
    @Inject(CampaignsEvents) private readonly events: CampaignsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: CampaignsConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.on(JobName.CampaignsAdvance, () => this.advance());
  }

  /** Setting the schedule again (every replica does, at every start) replaces it: one schedule, at the configured pace. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.repeat(CAMPAIGNS_ADVANCE_SCHEDULE, JobName.CampaignsAdvance, {}, { everyMs: this.config.CAMPAIGN_TICK_MS });
  }

  /** One run (a failure fails the run; the next run comes anyway). */
  async advance(): Promise<void> {
    for (const due of await this.database.asSystem((tx) => this.campaigns.due(tx))) await this.planner.start(due.companyId, due.id);
    const running = await this.database.asSystem((tx) => this.campaigns.running(tx));
    let planned = false;
    for (const campaign of running) {
      if (campaign.plannedAt === null) {
        await this.planner.plan(campaign.companyId, campaign.id);
        planned = true;
      } else if (this.finishCheckDue(campaign)) await this.finishIfDone(campaign.companyId, campaign.id);
    }
    const runningIds = new Set(running.map((campaign) => campaign.id));
    for (const id of this.finishCheckedAt.keys()) if (!runningIds.has(id)) this.finishCheckedAt.delete(id);
    // a campaign planned here has shippings to send: its connection's sender is claimed now where this runs
    if (planned) this.runner.poke();
  }

  private finishCheckDue(campaign: { id: number; sending: boolean }): boolean {
    const now = Date.now();
    if (campaign.sending && now - (this.finishCheckedAt.get(campaign.id) ?? 0) < FINISH_CHECK_WHILE_SENDING_MS) return false;
    this.finishCheckedAt.set(campaign.id, now);
    return true;
  }

  private async finishIfDone(companyId: number, id: number): Promise<void> {
    const finished = await this.database.withTenant(companyId, (tx) =>
      this.shippings.finishIfDone(tx, companyId, id, this.config.CAMPAIGN_REPLY_WINDOW_MS),
    );
    if (finished) await this.events.now(companyId, id);
  }
}
