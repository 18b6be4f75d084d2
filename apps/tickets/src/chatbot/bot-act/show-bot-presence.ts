import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { BotAction, BotActCommand } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { SessionsChannel } from '@atrium/kernel';
import { LOGGER } from '@atrium/service-kit';
import { chatIdOf } from '../../directory/chat-id.js';
import { SendBotText } from './send-bot-text.js';

/** A presence is worth showing only now: not waited for long. */
const PRESENCE_TIMEOUT_MS = 5_000;

/**
 * A bot's `presence` action: "typing…" / "recording…" shown to the customer through the connection
 * (Baileys `sendPresenceUpdate`) for `ms`; best effort: a failure is logged, the actions go on.
 */
@Injectable()
export class ShowBotPresence {
  constructor(
    @Inject(SendBotText) private readonly text: SendBotText,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async show(command: BotActCommand, action: Extract<BotAction, { type: 'presence' }>): Promise<void> {
    await this.command(command, action.presence);
    await sleep(action.ms);
  }

  private async command(command: BotActCommand, presence: 'composing' | 'recording'): Promise<void> {
    const ticket = await this.text.view(command);
    const to = chatIdOf(ticket.contact);
    if (ticket.whatsappId === null || to === null) return;
    try {
      await this.channel.command(command.companyId, ticket.whatsappId, { type: 'presence', to, presence }, PRESENCE_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn({ err: error, ticketId: ticket.id }, 'presence not shown');
    }
  }
}
