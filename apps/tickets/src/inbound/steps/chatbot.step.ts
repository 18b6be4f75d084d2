import { Inject, Injectable } from '@nestjs/common';
import { companiesOfGroup } from '@atrium/database';
import { ChatbotService, type BotReplies } from '../../chatbot/chatbot.service.js';
import type { InboundBatchStep, InboundMessageBatch, InboundStepRun, StoredInboundBatch } from '../inbound-batch-step.js';

/**
 * Inbound step: the chatbot on the batch's customer messages (ChatbotService.onStored), its
 * replies queued in the transaction, their first texts stored unsent once the tickets' views are
 * read (their sends need no transaction before them), sent after the batch is announced.
 */
@Injectable()
export class ChatbotStep implements InboundBatchStep {
  constructor(@Inject(ChatbotService) private readonly chatbot: ChatbotService) {}

  async prepare(batches: InboundMessageBatch[]): Promise<InboundStepRun | undefined> {
    const waiting = batches.filter(({ events }) => events.some((event) => !event.message.fromMe));
    if (waiting.length === 0) return undefined;
    const prepared = new Map(
      await Promise.all(waiting.map(async ({ companyId }) => [companyId, await this.chatbot.prepare(companyId)] as const)),
    );
    return {
      stored: async (group, stored) => {
        const customerMessages = (messages: StoredInboundBatch['messages']) =>
          messages.map(({ row, conversation }) => ({ ticket: conversation.ticket, contact: conversation.contact, message: row }));
        // what the automaton reads, for every company at once; then each company's automaton in its own scope, side by side
        const read = await this.chatbot.read(
          group.all,
          companiesOfGroup(group),
          stored.filter(({ companyId }) => prepared.has(companyId)).flatMap(({ messages }) => customerMessages(messages)),
        );
        const turns = await Promise.all(
          stored.flatMap(({ companyId, messages }) => {
            const companyPrepared = prepared.get(companyId);
            if (!companyPrepared) return [];
            return [
              group
                .as(companyId, (tx) => this.chatbot.onStored(tx, companyId, customerMessages(messages), companyPrepared, read))
                .then((replies): CompanyReplies => ({ companyId, replies })),
            ];
          }),
        );
        return {
          viewed: async (viewGroup, tickets) => {
            await Promise.all(
              turns.map(async (turn) => {
                if (turn.replies.length === 0) return;
                turn.replies = await viewGroup.as(turn.companyId, (tx) =>
                  this.chatbot.storeFirstTexts(tx, turn.companyId, turn.replies, new Map(tickets)),
                );
              }),
            );
          },
          afterAnnounce: () => {
            for (const { replies } of turns) this.chatbot.send(replies);
          },
        };
      },
    };
  }
}

interface CompanyReplies {
  companyId: number;
  replies: BotReplies;
}
