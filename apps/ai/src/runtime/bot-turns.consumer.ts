import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { IntegrationEvent } from '@atrium/contracts';
import { LeasedWork, RowLeases, type LeasedRow } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { IntegrationEvents } from '@atrium/messaging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { AiConfig } from '../config.js';
import type { AiDatabase } from '../shared/ai-database.js';
import type { FlowTimerTurn } from './bot-registry.js';
import { BotTurnRunner } from './bot-turn-runner.js';
import { BotTurnsRepository } from './bot-turns.repository.js';

/** How often an idle replica looks for turns nobody runs (a replica died, tickets was down, an event landed elsewhere). */
const POLL_MS = 1_000;
/** A turn whose run threw (tickets unreachable) is tried again after this, its ticket's later turns waiting behind it. */
const RETRY_AFTER_MS = 2_000;

/**
 * The ai runtime's hand-off consumer: consumes `ticketMessage.handedToBot` (stored as a turn before
 * the event is acknowledged) and `ticket.botReleased` (drops the ticket's pending turns), and runs
 * the turns as rows leased from `bot_turns` (libs/jobs LeasedWork, ADR 020): each ticket's turns
 * one at a time in sequence order, in one replica at a time, many tickets at once (BOT_CONCURRENCY).
 * A flow's timers that fire are stored here as turns of their ticket too (`timerFired`), so a
 * ticket's flow walks in one place at a time whatever woke it, with no lock beside the leases.
 */
@Injectable()
export class BotTurnsConsumer implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly work: LeasedWork;

  constructor(
    @Inject(DATABASE) private readonly database: AiDatabase,
    @Inject(BotTurnsRepository) private readonly turns: BotTurnsRepository,
    @Inject(BotTurnRunner) private readonly runner: BotTurnRunner,
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(SERVICE_CONFIG) config: AiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const leases = new RowLeases(database, {
      schema: 'ai',
      table: 'bot_turns',
      id: 'id',
      key: ['company_id', 'ticket_id'],
      // a timer's turn takes the highest sequence when it fires: after the messages stored before it
      order: ['sequence', 'id'],
      pending: sql`status = 'pending'`,
      dueSince: sql`created_at`,
      columns: ['company_id'],
    });
    this.work = new LeasedWork({
      name: 'bot turns',
      leases,
      handle: (row, { signal }) => this.run(row, signal),
      leaseMs: config.BOT_TURN_LEASE_MS,
      pollMs: POLL_MS,
      concurrency: config.BOT_CONCURRENCY,
      retryAfterMs: RETRY_AFTER_MS,
      logger,
    });
  }

  onModuleInit(): void {
    this.integration.on('ticketMessage.handedToBot', (event) => this.accept(event));
    this.integration.on('ticket.botReleased', (event) => this.release(event));
  }

  onApplicationBootstrap(): void {
    this.work.start();
  }

  /** A SIGTERM hands the turns this replica holds to another at once. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.work.stop();
  }

  /** Stored first (idempotent), then run: the event is acknowledged once the turn is safe in PostgreSQL. */
  private async accept(event: IntegrationEvent<'ticketMessage.handedToBot'>): Promise<void> {
    const { companyId, payload } = event;
    await this.database.withTenant(companyId, (tx) => this.turns.insertIfAbsent(tx, companyId, payload));
    this.work.poke();
  }

  /** A flow's timer fired (flows/flow-timer.processor.ts): stored as a turn of its ticket (once per step), then run in the ticket's order. */
  async timerFired(companyId: number, timer: FlowTimerTurn): Promise<void> {
    await this.database.withTenant(companyId, (tx) => this.turns.insertTimerIfAbsent(tx, companyId, timer));
    this.work.poke();
  }

  private async release(event: IntegrationEvent<'ticket.botReleased'>): Promise<void> {
    const { companyId, payload } = event;
    const dropped = await this.database.withTenant(companyId, (tx) => this.turns.dropPending(tx, companyId, payload.ticketId));
    if (dropped > 0)
      this.logger.info({ companyId, ticketId: payload.ticketId, dropped, reason: payload.reason }, 'bot released: pending turns dropped');
  }

  /** The leased turn, unless the bot was released meanwhile (the turn was dropped). */
  private async run(row: LeasedRow, signal: AbortSignal): Promise<void> {
    const companyId = row.values.company_id as number;
    const turn = await this.database.withTenant(companyId, (tx) => this.turns.pending(tx, companyId, row.id));
    if (turn) await this.runner.run(turn, signal);
  }
}
