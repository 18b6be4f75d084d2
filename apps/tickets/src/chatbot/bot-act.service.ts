import { Inject, Injectable } from '@nestjs/common';
import type { BotActCommand, BotActResult } from '@atrium/contracts';
import { ApplyBotActions } from './bot-act/apply-bot-actions.js';
import { BotDriveCheck } from './bot-act/bot-drive-check.js';
import { BotActStepsRepository } from './bot-act-steps.repository.js';
import { BotStepSender } from './bot-step-sender.js';

/**
 * `tickets.bot.act` (libs/contracts tickets/bot-handoff.ts): the ai service's answer to a handed
 * message, applied in order while the bot still drives the ticket (ApplyBotActions). An act with a
 * step (a flow's walk, issue 27) is applied once and wholly: the step is claimed and its actions
 * stored in one transaction (`bot_act_steps`), then applied here, each recorded done with what it
 * did (BotStepSender); the act repeated (the bot's process died before storing its walk, or this
 * one died mid-step) applies nothing twice, and takes up what a dead process left of it.
 */
@Injectable()
export class BotActService {
  constructor(
    @Inject(BotDriveCheck) private readonly drive: BotDriveCheck,
    @Inject(ApplyBotActions) private readonly actions: ApplyBotActions,
    @Inject(BotActStepsRepository) private readonly steps: BotActStepsRepository,
    @Inject(BotStepSender) private readonly sender: BotStepSender,
  ) {}

  async act(command: BotActCommand): Promise<BotActResult> {
    if (command.step === undefined) return this.actions.apply(command);
    const refused = await this.drive.refusal(command);
    if (refused) return refused;
    const claimed = await this.steps.claim({ ...command, step: command.step }, this.sender.owner);
    if (!claimed) {
      // a replay: what a dead process left of the step is applied now (nothing when it is done or in hand)
      const left = await this.steps.takeOver(command.companyId, command.ticketId, command.step, this.sender.owner);
      return left ? { ...(await this.sender.apply(left)), replayed: true } : { applied: true, replayed: true };
    }
    // an earlier step of the ticket is still being applied: this one follows it (BotStepSender)
    if (!claimed.inHand) return { applied: true };
    return this.sender.apply(claimed.row);
  }
}
