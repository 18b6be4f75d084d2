import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { FlowsController } from './flows.controller.js';
import { PromptsController } from './prompts.controller.js';
import { QueueIntegrationsController } from './queue-integrations.controller.js';

/** The REST face of the ai service: each controller validates, authorises and forwards over NATS. */
@Module({ imports: [AuthModule], controllers: [PromptsController, QueueIntegrationsController, FlowsController] })
export class AiApiModule {}
