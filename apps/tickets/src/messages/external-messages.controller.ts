import { Controller, Inject } from '@nestjs/common';
import { ExternalMessageCommand, ExternalMessagesSubjects, type Actor, type ExternalMessageResult } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { ExternalMessagesService } from './external-messages.service.js';

/** The external messaging API's send, asked by the gateway once it knows the token's connection and company. */
@Controller()
export class ExternalMessagesController {
  constructor(@Inject(ExternalMessagesService) private readonly externalMessages: ExternalMessagesService) {}

  @RpcHandler(ExternalMessagesSubjects.send)
  send(
    @RpcActor() actor: Actor,
    @RpcData({ dto: ExternalMessageCommand }) command: ExternalMessageCommand,
  ): Promise<ExternalMessageResult> {
    return this.externalMessages.send(actor.companyId, command);
  }
}
