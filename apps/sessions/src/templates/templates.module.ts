import { Module } from '@nestjs/common';
import { CloudModule } from '../cloud/cloud.module.js';
import { CloudWebhookModule } from '../cloud-webhook/cloud-webhook.module.js';
import { TemplateWebhooks } from './template-webhooks.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

/** Message templates of Cloud API connections: synced, created, filled for sends, and kept current by Meta's webhooks. */
@Module({
  imports: [CloudModule, CloudWebhookModule],
  controllers: [TemplatesController],
  providers: [TemplatesRepository, TemplatesService, TemplateWebhooks],
  exports: [TemplateWebhooks],
})
export class TemplatesModule {}
