import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { AppError, type BotActCommand, type BotActResult } from '@atrium/contracts';
import { LeasedWork, RowLeases, type LeasedRow, type SystemDatabase } from '@atrium/jobs';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { derivedMessageId } from '../messages/derived-message-id.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { ApplyBotActions } from './bot-act/apply-bot-actions.js';
import type { StepProgress } from './bot-act/step-progress.js';
import { BotActStepsRepository, type BotActStepRow, type StepDone } from './bot-act-steps.repository.js';

/** Steps whose applier died one process takes over at once (the next claims take the rest). */
const LAPSED_IN_HAND = 50;

/**
 * Applies the actions of claimed bot steps (`bot_act_steps`, BotActStepsRepository; issue 27):
 * `tickets.bot.act` claims a step and stores its actions in one transaction, leased to this
 * process, and has them applied here at once; a process killed before or between them leaves the
 * row, which another process (or this one, restarted) takes over once its lease lapsed: the shared
 * leased-work helper of libs/jobs (RowLeases + LeasedWork, ADR 020, as BotReplySender for the
 * chatbot's replies), a ticket's steps one after another. Each action is recorded done with what
 * it did and each send carries the message id its row and index derive, so the step goes on from
 * the first action not done and the customer gets every message once.
 */
@Injectable()
export class BotStepSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly leases: RowLeases;
  private readonly lapsed: LeasedWork;
  /** A send recorded done in the transaction that records the sent message (MessageSender's batch of the company's sends). */
  private readonly recordSends = (tx: TicketsTx, _companyId: number, items: StepDone[]) => this.steps.recordMany(tx, items);

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(BotActStepsRepository) private readonly steps: BotActStepsRepository,
    @Inject(ApplyBotActions) private readonly actions: ApplyBotActions,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const system: SystemDatabase = { asSystem: (work) => database.asSystem((tx) => work(tx)) };
    this.leases = new RowLeases(system, {
      schema: 'tickets',
      table: 'bot_act_steps',
      id: 'id',
      // a ticket's steps one after another, in the order they were claimed
      key: ['ticket_id'],
      order: ['step'],
      pending: sql`true`,
      dueSince: sql`coalesce(leased_until, created_at)`,
      columns: ['company_id'],
    });
    this.lapsed = new LeasedWork({
      name: 'bot steps',
      leases: this.leases,
      handle: (row) => this.takeOver(row),
      leaseMs: config.BOT_REPLY_LEASE_MS,
      pollMs: config.BOT_REPLY_SWEEP_MS,
      concurrency: LAPSED_IN_HAND,
      retryAfterMs: config.BOT_REPLY_SWEEP_MS,
      logger,
    });
  }

  /** This process in the rows' leases. */
  get owner(): string {
    return this.lapsed.owner;
  }

  onApplicationBootstrap(): void {
    this.lapsed.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.lapsed.stop();
  }

  /**
   * Applies the row's actions not done yet, in order, and ends the step (its row goes) once they
   * are applied or the ticket left the bot. A refused action (an AppError below 500: a deleted
   * queue) ends it too and is thrown, for the bot to hand the ticket to people; any other failure
   * leaves the row to be taken over after `BOT_REPLY_SWEEP_MS` and is thrown.
   */
  async apply(row: BotActStepRow): Promise<BotActResult> {
    const command: BotActCommand = {
      companyId: row.companyId,
      ticketId: row.ticketId,
      bot: row.bot,
      inReplyTo: row.inReplyTo,
      actions: row.actions,
      step: row.step,
    };
    let result: BotActResult;
    try {
      result = await this.actions.apply(command, row.done, this.progress(row));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) await this.end(row);
      else await this.leases.release(this.owner, [row.id], this.config.BOT_REPLY_SWEEP_MS).catch(() => undefined);
      throw error;
    }
    await this.end(row);
    return result;
  }

  /** The step's row goes; a later step of the ticket that waited for it is claimable at once. */
  private async end(row: BotActStepRow): Promise<void> {
    await this.steps.finish(row.companyId, row.id);
    this.lapsed.poke();
  }

  private progress(row: BotActStepRow): StepProgress {
    const done = (index: number): StepDone => ({ id: row.id, done: index + 1 });
    return {
      messageId: (index) => derivedMessageId('bot', row.companyId, `step.${row.id}.${index}`),
      record: async (tx, index) => {
        await this.steps.recordMany(tx, [done(index)]);
      },
      recordSend: (index) => ({ run: this.recordSends, item: done(index) }),
      recordAlone: async (index) => {
        await this.database.withTenant(row.companyId, (tx) => this.steps.recordMany(tx, [done(index)]));
      },
    };
  }

  /** A step whose applier died (its lease lapsed), or one that waited for an earlier step of its ticket: applied from its first action not done. */
  private async takeOver(leased: LeasedRow): Promise<void> {
    const row = await this.steps.find(Number(leased.values['company_id']), leased.id);
    if (!row) return;
    this.logger.info({ ticketId: row.ticketId, step: row.step, done: row.done }, 'applying bot step actions left over');
    try {
      await this.apply(row);
    } catch (error) {
      if (!(error instanceof AppError && error.status < 500)) throw error;
      this.logger.warn({ err: error, ticketId: row.ticketId, step: row.step }, 'bot step action refused; the rest of the step dropped');
    }
  }
}
