import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { AiConfig } from '../config.js';
import { RuntimeModule } from '../runtime/runtime.module.js';
import { DialogflowTestSessionService } from './dialogflow-test-session.service.js';
import { IntegrationBotsService } from './integration-bots.service.js';
import { QueueIntegrationsController } from './queue-integrations.controller.js';
import { QueueIntegrationsEvents } from './queue-integrations.events.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';
import { OutboundUrlGuard } from './outbound/outbound-url.guard.js';
import { TypebotSessionsRepository } from './typebot/typebot-sessions.repository.js';

/** Queue integrations (n8n, webhook, Typebot, Dialogflow): NATS `ai.queueIntegrations.*`, and their engines and bot source registered in the runtime's BotRegistry. */
@Module({
  imports: [RuntimeModule],
  controllers: [QueueIntegrationsController],
  providers: [
    QueueIntegrationsRepository,
    QueueIntegrationsEvents,
    QueueIntegrationsService,
    TypebotSessionsRepository,
    IntegrationBotsService,
    DialogflowTestSessionService,
    {
      provide: OutboundUrlGuard,
      inject: [SERVICE_CONFIG],
      useFactory: (config: AiConfig) => new OutboundUrlGuard(config.INTEGRATION_URL_ALLOWLIST),
    },
  ],
  exports: [QueueIntegrationsService, IntegrationBotsService, OutboundUrlGuard],
})
export class IntegrationsModule {}
