import { Inject, Injectable } from '@nestjs/common';
import { ChatbotService, type BotReplies } from '../../chatbot/chatbot.service.js';
import type { InboundBatchStep, InboundMessageBatch, InboundStepRun } from '../inbound-batch-step.js';

/**
 * Inbound step: the chatbot on the batch's customer messages (ChatbotService.onStored), its
 * replies queued in the transaction, their first texts stored unsent once the tickets' views are
 * read (their sends need no transaction before them), sent after the batch is announced.
 */
@Injectable()
export class ChatbotStep implements InboundBatchStep {
  constructor(@Inject(ChatbotService) private readonly chatbot: ChatbotService) {}

  async prepare({ companyId, events }: InboundMessageBatch): Promise<InboundStepRun | undefined> {
    if (!events.some((event) => !event.message.fromMe)) return undefined;
    const prepared = await this.chatbot.prepare(companyId);
    return {
      stored: async (tx, batch) => {
        let replies: BotReplies = await this.chatbot.onStored(
          tx,
          companyId,
          batch.messages.map(({ row, conversation }) => ({ ticket: conversation.ticket, contact: conversation.contact, message: row })),
          prepared,
        );
        return {
          viewed: async (viewTx, tickets) => {
            replies = await this.chatbot.storeFirstTexts(viewTx, companyId, replies, new Map(tickets));
          },
          afterAnnounce: () => this.chatbot.send(replies),
        };
      },
    };
  }
}
