import { Module } from '@nestjs/common';
import { CloudModule } from '../cloud/cloud.module.js';
import { RuntimeModule } from '../runtime/runtime.module.js';
import { CloudWebhookController } from './cloud-webhook.controller.js';
import { CloudWebhookService } from './cloud-webhook.service.js';

/** Meta's webhook for Cloud API numbers: verified, normalised, put on the inbound stream (issue 26). */
@Module({
  imports: [RuntimeModule, CloudModule],
  controllers: [CloudWebhookController],
  providers: [CloudWebhookService],
  exports: [CloudWebhookService],
})
export class CloudWebhookModule {}
