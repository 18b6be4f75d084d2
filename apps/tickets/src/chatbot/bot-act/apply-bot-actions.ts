import { Inject, Injectable } from '@nestjs/common';
import type { BotAction, BotActCommand, BotActResult } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER } from '@atrium/service-kit';
import { AddBotNote } from './add-bot-note.js';
import { BotDriveCheck } from './bot-drive-check.js';
import { ChangeBotTags } from './change-bot-tags.js';
import { HandTicketOver } from './hand-ticket-over.js';
import { SendBotMedia } from './send-bot-media.js';
import { SendBotText } from './send-bot-text.js';
import { ShowBotPresence } from './show-bot-presence.js';
import type { StepProgress } from './step-progress.js';

/**
 * A bot's actions applied in order from `from`, while the bot still drives the ticket (pending, no
 * agent, not released, the same bot); once people have it, nothing more is done (`applied:
 * false`). Each kind of action is its own use case: texts and files go through the composer's
 * path, a transfer, a hand-over to people or a close releases the ticket in their transaction.
 * With a step's `progress`, each action is recorded done with what it did, and sends carry their
 * own message ids, so actions tried again after a crash are applied once.
 */
@Injectable()
export class ApplyBotActions {
  constructor(
    @Inject(BotDriveCheck) private readonly drive: BotDriveCheck,
    @Inject(SendBotText) private readonly text: SendBotText,
    @Inject(SendBotMedia) private readonly media: SendBotMedia,
    @Inject(ShowBotPresence) private readonly presence: ShowBotPresence,
    @Inject(AddBotNote) private readonly note: AddBotNote,
    @Inject(HandTicketOver) private readonly handover: HandTicketOver,
    @Inject(ChangeBotTags) private readonly tags: ChangeBotTags,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async apply(command: BotActCommand, from = 0, progress?: StepProgress): Promise<BotActResult> {
    for (let index = from; index < command.actions.length; index++) {
      const refused = await this.drive.refusal(command);
      if (refused) {
        if (index > 0)
          this.logger.info(
            { ticketId: command.ticketId, inReplyTo: command.inReplyTo, done: index },
            'bot actions stopped: the ticket was released',
          );
        return refused;
      }
      const outcome = await this.applyOne(command, command.actions[index]!, index, progress);
      if (outcome) return outcome;
    }
    if (command.actions.length === 0 || from >= command.actions.length) return (await this.drive.refusal(command)) ?? { applied: true };
    return { applied: true };
  }

  private async applyOne(
    command: BotActCommand,
    action: BotAction,
    index: number,
    progress: StepProgress | undefined,
  ): Promise<BotActResult | undefined> {
    const within = progress ? (tx: Parameters<StepProgress['record']>[0]) => progress.record(tx, index) : undefined;
    switch (action.type) {
      case 'text':
        await this.text.send(
          command,
          { body: action.body, ...(progress ? { newMessageId: progress.messageId(index) } : {}) },
          progress?.recordSend(index),
        );
        return undefined;
      case 'media':
        await this.media.send(command, action, index, progress);
        return undefined;
      case 'presence':
        await this.presence.show(command, action);
        await progress?.recordAlone(index);
        return undefined;
      case 'note':
        await this.note.add(command, action, within);
        return undefined;
      case 'transfer':
        return this.handover.handOver(
          command,
          index,
          {
            next: (ticket) => ({ status: 'pending', queueId: action.queueId ?? ticket.queueId, userId: action.userId ?? null }),
            reason: 'transferred',
            kind: 'transfer',
          },
          within,
        );
      case 'tag':
        await this.tags.change(command, action, within);
        return undefined;
      case 'handToHuman':
        return this.handover.handOver(command, index, { next: () => ({}), reason: 'handedToHuman', kind: 'edit' }, within);
      case 'close':
        return this.handover.handOver(
          command,
          index,
          {
            next: () => ({ status: 'closed', useIntegration: false, promptId: null, integrationId: null }),
            reason: 'closed',
            kind: 'resolve',
          },
          within,
        );
    }
  }
}
