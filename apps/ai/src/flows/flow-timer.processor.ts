import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import { BotRegistry } from '../runtime/bot-registry.js';
import { BotTurnsConsumer } from '../runtime/bot-turns.consumer.js';
import { FlowRunner } from './flow-runner.js';

/**
 * How a flow walks (ADR 020): always as a turn of its ticket, one at a time in the ticket's order,
 * leased from `bot_turns` (BotTurnsConsumer, BotTurnRunner):
 * - a customer message's turn is handed to the flow runner through the bot registry;
 * - `flow.timer` (keyed `flow-<companyId>-<ticketId>-<step>`: a delay ended, a question timed out)
 *   only stores a timer turn of the ticket (once per step) after the ticket's messages stored so
 *   far; its walk then waits behind them (a customer's answer that came before the timeout wins),
 *   and a timer of a step the run has left does nothing.
 */
@Injectable()
export class FlowTimerProcessor implements OnModuleInit {
  constructor(
    @Inject(JobQueue) private readonly jobs: Jobs,
    @Inject(FlowRunner) private readonly runner: FlowRunner,
    @Inject(BotRegistry) private readonly registry: BotRegistry,
    @Inject(BotTurnsConsumer) private readonly turns: BotTurnsConsumer,
  ) {}

  onModuleInit(): void {
    this.registry.registerFlowTurns({
      message: (companyId, event, turnId) => this.runner.turn(companyId, event, turnId),
      timer: (companyId, timer, turnId) => this.runner.timer(companyId, timer, turnId),
    });
    this.jobs.on(JobName.FlowTimer, ({ companyId, ticketId, step, timer }) => this.turns.timerFired(companyId, { ticketId, step, timer }));
  }
}
