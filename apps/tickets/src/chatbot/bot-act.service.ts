import { Inject, Injectable } from '@nestjs/common';
import type { BotAction, BotActCommand, BotActResult } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER } from '@atrium/service-kit';
import { AddBotNote } from './bot-act/add-bot-note.js';
import { BotDriveCheck } from './bot-act/bot-drive-check.js';
import { ChangeBotTags } from './bot-act/change-bot-tags.js';
import { HandTicketOver } from './bot-act/hand-ticket-over.js';
import { SendBotMedia } from './bot-act/send-bot-media.js';
import { SendBotText } from './bot-act/send-bot-text.js';
import { ShowBotPresence } from './bot-act/show-bot-presence.js';

/**
 * `tickets.bot.act` (libs/contracts tickets/bot-handoff.ts): the ai service's answer to a handed
 * message, applied in order while the bot still drives the ticket (pending, no agent, not
 * released, the same bot); once people have it, nothing more is done (`applied: false`). Each
 * kind of action is its own use case (`bot-act/`): texts and files go through the composer's path,
 * a transfer, a hand-over to people or a close releases the ticket in their transaction.
 */
@Injectable()
export class BotActService {
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

  async act(command: BotActCommand): Promise<BotActResult> {
    if (command.step !== undefined) {
      const refused = await this.drive.refusal(command);
      if (refused) return refused;
      if (!(await this.drive.claimStep({ ...command, step: command.step }))) return { applied: true, replayed: true };
    }
    for (const [index, action] of command.actions.entries()) {
      const refused = await this.drive.refusal(command);
      if (refused) {
        if (index > 0)
          this.logger.info(
            { ticketId: command.ticketId, inReplyTo: command.inReplyTo, done: index },
            'bot actions stopped: the ticket was released',
          );
        return refused;
      }
      const outcome = await this.apply(command, action, index);
      if (outcome) return outcome;
    }
    if (command.actions.length === 0) return (await this.drive.refusal(command)) ?? { applied: true };
    return { applied: true };
  }

  private async apply(command: BotActCommand, action: BotAction, index: number): Promise<BotActResult | undefined> {
    switch (action.type) {
      case 'text':
        await this.text.send(command, { body: action.body });
        return undefined;
      case 'media':
        await this.media.send(command, action, index);
        return undefined;
      case 'presence':
        await this.presence.show(command, action);
        return undefined;
      case 'note':
        await this.note.add(command, action);
        return undefined;
      case 'transfer':
        return this.handover.handOver(command, index, {
          next: (ticket) => ({ status: 'pending', queueId: action.queueId ?? ticket.queueId, userId: action.userId ?? null }),
          reason: 'transferred',
          kind: 'transfer',
        });
      case 'tag':
        await this.tags.change(command, action);
        return undefined;
      case 'handToHuman':
        return this.handover.handOver(command, index, { next: () => ({}), reason: 'handedToHuman', kind: 'edit' });
      case 'close':
        return this.handover.handOver(command, index, {
          next: () => ({ status: 'closed', useIntegration: false, promptId: null, integrationId: null }),
          reason: 'closed',
          kind: 'resolve',
        });
    }
  }
}
