import { Controller, Inject } from '@nestjs/common';
import {
  CampaignMessageDto,
  CampaignMessagesSubjects,
  TagContactsDto,
  type Actor,
  type CampaignMessageResult,
  type TagContactsView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { CampaignMessagesService } from './campaign-messages.service.js';

/** What the campaigns service asks of conversations: deliver one shipping, list a tag's contacts. */
@Controller()
export class CampaignMessagesController {
  constructor(@Inject(CampaignMessagesService) private readonly campaignMessages: CampaignMessagesService) {}

  @RpcHandler(CampaignMessagesSubjects.send)
  send(@RpcActor() actor: Actor, @RpcData({ dto: CampaignMessageDto }) dto: CampaignMessageDto): Promise<CampaignMessageResult> {
    return this.campaignMessages.send(actor, dto);
  }

  @RpcHandler(CampaignMessagesSubjects.tagContacts)
  tagContacts(@RpcActor() actor: Actor, @RpcData({ dto: TagContactsDto }) dto: TagContactsDto): Promise<TagContactsView> {
    return this.campaignMessages.tagContacts(actor, dto.tagId);
  }
}
