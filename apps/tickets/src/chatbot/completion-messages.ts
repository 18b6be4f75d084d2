import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { MessageSender } from '../messages/message-sender.js';
import { fillVariables } from '../messages/message-variables.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketTransitionListeners, type TicketTransitionCommitted } from '../tickets/transition-listeners.js';
import { TicketBotsRepository } from '../tickets/ticket-bots.repository.js';
import { ChatbotClock } from './chatbot-clock.js';
import { ChatbotSettings } from './chatbot-settings.js';
import { ratingRequest } from './ratings.js';

/**
 * Resolving a ticket sends its connection's `complationMessage` (the spec's spelling) to the
 * customer — or, with the setting `userRating` enabled and a `ratingMessage` on the connection, the
 * rating request (options 1-3), and the ticket waits for the answer (ratings.ts); never in
 * groups. A failed send is logged, the resolve stands.
 */
@Injectable()
export class CompletionMessages implements OnModuleInit {
  constructor(
    @Inject(TicketTransitionListeners) private readonly transitions: TicketTransitionListeners,
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(MessageSender) private readonly sender: MessageSender,
    @Inject(ChatbotClock) private readonly clock: ChatbotClock,
    @Inject(ChatbotSettings) private readonly settings: ChatbotSettings,
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.transitions.listen((change) => this.send(change));
  }

  private async send({ transition, after }: TicketTransitionCommitted): Promise<void> {
    if (transition.kind !== 'resolve' || after.isGroup || after.whatsappId === null) return;
    const { companyId } = after;
    const ref = await this.database.withTenant(companyId, (tx) => this.directory.whatsapp(tx, companyId, after.whatsappId!));
    const ratingMessage = ref?.automation?.ratingMessage ?? '';
    const rating = ratingMessage.trim() !== '' && (await this.settings.ratingsEnabled(companyId));
    const text = rating ? ratingRequest(ratingMessage) : (ref?.automation?.complationMessage ?? '');
    if (text.trim() === '') return;
    try {
      // the wait starts before the question goes, so the fastest answer finds it
      if (rating) await this.database.withTenant(companyId, (tx) => this.bots.save(tx, companyId, after.id, { stage: 'rating' }));
      const body = fillVariables(text, {
        contactName: after.contact.name,
        ticketId: after.id,
        now: this.clock.now(),
        timeZone: await this.settings.timeZone(companyId),
      });
      await this.sender.send(after, { body });
    } catch (error) {
      this.logger.warn({ err: error, ticketId: after.id }, 'completion message not sent');
    }
  }
}
