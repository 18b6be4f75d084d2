import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Redis } from 'ioredis';
import type { AiConfig } from '../config.js';
import { BotRegistry } from '../runtime/bot-registry.js';
import { TicketLock } from '../runtime/ticket-lock.js';
import { FlowRunner } from './flow-runner.js';

/** How long a walk may hold the ticket (an HTTP node's call included). */
const WALK_LOCK_MS = 120_000;

/**
 * The two ways a flow walks, each under the ticket's walk lock so they never run side by side:
 * - a customer message's turn (a leased `bot_turns` row, BotTurnRunner), registered with the bot
 *   registry here; when a timer's walk holds the ticket it throws and the leased turn is retried
 *   shortly, the ticket's later turns waiting behind it;
 * - `flow.timer` (keyed `flow-<companyId>-<ticketId>-<step>`): a delay ended or a question timed
 *   out; when the ticket is busy the job is retried shortly.
 * (ADR 020 names what remains: a timer as a turn row of the ticket, and this lock gone.)
 */
@Injectable()
export class FlowTimerProcessor implements OnModuleInit {
  private readonly lock: TicketLock;

  constructor(
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(FlowRunner) private readonly runner: FlowRunner,
    @Inject(BotRegistry) private readonly registry: BotRegistry,
    @Inject(REDIS) redis: Redis,
    @Inject(SERVICE_CONFIG) config: AiConfig,
  ) {
    this.lock = new TicketLock(redis, `${config.REDIS_PREFIX}flow-walk:`, WALK_LOCK_MS);
  }

  onModuleInit(): void {
    this.registry.registerFlowTurns((companyId, event) =>
      this.walking(companyId, event.ticketId, () => this.runner.turn(companyId, event)),
    );
    this.jobs.on(JobName.FlowTimer, (payload) => this.walking(payload.companyId, payload.ticketId, () => this.runner.timer(payload)));
  }

  private async walking(companyId: number, ticketId: number, walk: () => Promise<void>): Promise<void> {
    const token = await this.lock.acquire(companyId, ticketId);
    if (token === null) throw new Error('the ticket is walking its flow already; retried');
    try {
      await walk();
    } finally {
      await this.lock.release(companyId, ticketId, token);
    }
  }
}
