import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { AiConfig } from '../config.js';
import { TicketLock } from '../runtime/ticket-lock.js';
import { FlowRunner } from './flow-runner.js';

/** How long a timer's walk may hold the ticket (an HTTP node's call included). */
const WALK_LOCK_MS = 120_000;

/**
 * `flow.timer` (keyed `flow-<companyId>-<ticketId>-<step>`): a flow's delay ended or its question
 * timed out. The walk runs under the ticket's lock, the same the bot turns take, so it never runs
 * beside a customer message's walk; when the ticket is busy the job is retried shortly.
 */
@Injectable()
export class FlowTimerProcessor implements OnModuleInit {
  private readonly lock: TicketLock;

  constructor(
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(FlowRunner) private readonly runner: FlowRunner,
    @Inject(REDIS) redis: Redis,
    @Inject(SERVICE_CONFIG) config: AiConfig,
  ) {
    this.lock = new TicketLock(redis, config.REDIS_PREFIX, WALK_LOCK_MS);
  }

  onModuleInit(): void {
    this.jobs.on(JobName.FlowTimer, async (payload) => {
      const token = await this.lock.acquire(payload.companyId, payload.ticketId);
      if (token === null) throw new Error('the ticket is running another turn; retried');
      try {
        await this.runner.timer(payload);
      } finally {
        await this.lock.release(payload.companyId, payload.ticketId, token);
      }
    });
  }
}
