import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { InactivitySweep } from './inactivity-sweep.js';

/** The sweep's one schedule across replicas (its repeat key). */
export const INACTIVITY_SWEEP_SCHEDULE = 'tickets-inactivity-sweep';

/**
 * `JobName.TicketsInactivitySweep` ('tickets.inactivity-sweep'), on @atrium/jobs (docs/adr/020): a
 * repeatable job every INACTIVITY_SWEEP_MS, one schedule across replicas and each run on one of
 * them (it replaced a timer per replica behind an advisory lock). A run that fails is retried by
 * the job's policy, and the next run comes anyway; runs that overlap close each ticket once
 * (InactivitySweep locks the tickets it closes `for update skip locked`).
 */
@Injectable()
export class InactivitySweepProcessor implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(InactivitySweep) private readonly sweep: InactivitySweep,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.on(JobName.TicketsInactivitySweep, () => this.sweep.sweep());
  }

  /** Setting the schedule again (every replica does, at every start) replaces it: one schedule, at the configured pace. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.repeat(INACTIVITY_SWEEP_SCHEDULE, JobName.TicketsInactivitySweep, {}, { everyMs: this.config.INACTIVITY_SWEEP_MS });
  }
}
