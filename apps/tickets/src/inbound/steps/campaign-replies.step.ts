import { Inject, Injectable } from '@nestjs/common';
import { CampaignReplies } from '../../messages/campaign-replies.js';
import type { InboundBatchStep, InboundStepRun } from '../inbound-batch-step.js';

/** Inbound step: a customer's message that answers a campaign states `campaignMessage.answered` (CampaignReplies), its mark cleared after the commit. */
@Injectable()
export class CampaignRepliesStep implements InboundBatchStep {
  private readonly run: InboundStepRun = {
    stored: async (group, batches) => {
      const clearAnswered = await this.campaignReplies.stateAnswers(
        group.all,
        batches.flatMap(({ companyId, messages }) =>
          messages
            .filter(({ event }) => !event.message.fromMe && !event.message.chat.isGroup)
            .map(({ event, row, conversation }) => ({
              companyId,
              whatsappId: event.whatsappId,
              number: conversation.contact.number,
              messageId: row.id,
            })),
        ),
      );
      return { beforeAnnounce: clearAnswered };
    },
  };

  constructor(@Inject(CampaignReplies) private readonly campaignReplies: CampaignReplies) {}

  prepare(): Promise<InboundStepRun> {
    return Promise.resolve(this.run);
  }
}
