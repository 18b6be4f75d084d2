import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, refuseMissingReferences, SessionsSubjects, TicketsSubjects, type Actor } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CampaignChannel, type CampaignChannelFields } from './campaign-channel.js';
import type { CampaignFields } from './campaigns.service.js';

function invalid(field: string): AppError {
  return new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: ['not a record of this company'] }] });
}

/** What a campaign names in other services: its connection (and that connection's channel) and its tag. */
@Injectable()
export class CampaignReferences {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(CampaignChannel) private readonly channel: CampaignChannel,
  ) {}

  /** The connection with the sessions service, the tag with the tickets service. */
  async check(actor: Actor, fields: Partial<CampaignFields>): Promise<void> {
    if (fields.whatsappId) {
      refuseMissingReferences(await this.rpc.request(SessionsSubjects.referencesMissing, { whatsappIds: [fields.whatsappId] }, { actor }), {
        whatsappIds: 'whatsappId',
      });
    }
    if (fields.tagListId) {
      try {
        await this.rpc.request(TicketsSubjects.tagsShow, { id: fields.tagListId }, { actor });
      } catch (error) {
        if (error instanceof AppError && (error.code === ErrorCode.ERR_NO_TAG_FOUND || error.code === ErrorCode.ERR_NOT_FOUND))
          throw invalid('tagListId');
        throw error;
      }
    }
  }

  /** The campaign as it will be saved against its connection's channel (CampaignChannel). */
  checkChannel(actor: Actor, fields: CampaignChannelFields): Promise<void> {
    return this.channel.check(actor, fields);
  }
}
