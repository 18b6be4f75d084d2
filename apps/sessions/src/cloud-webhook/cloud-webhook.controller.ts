import { Controller, Inject } from '@nestjs/common';
import { CloudWebhookDto, CloudWebhookVerifyDto, SessionsSubjects, type CloudWebhookResult } from '@atrium/contracts';
import { RpcData, RpcHandler } from '@atrium/messaging';
import { CloudWebhookService } from './cloud-webhook.service.js';

/** The Cloud API webhook as the gateway forwards it (raw body and signature; the handshake's query). */
@Controller()
export class CloudWebhookController {
  constructor(@Inject(CloudWebhookService) private readonly webhooks: CloudWebhookService) {}

  @RpcHandler(SessionsSubjects.cloudWebhook)
  receive(@RpcData({ dto: CloudWebhookDto }) delivery: CloudWebhookDto): Promise<CloudWebhookResult> {
    return this.webhooks.receive(delivery);
  }

  @RpcHandler(SessionsSubjects.cloudWebhookVerify)
  verify(@RpcData({ dto: CloudWebhookVerifyDto }) dto: CloudWebhookVerifyDto): Promise<{ challenge: string }> {
    return this.webhooks.verify(dto);
  }
}
