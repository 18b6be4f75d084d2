import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../integrations/integrations.module.js';
import { PromptsModule } from '../prompts/prompts.module.js';
import { AiReferencesController } from './ai-references.controller.js';
import { FlowsController } from './flows.controller.js';
import { FlowsFromQueueMenu } from './flows-from-queue-menu.js';
import { FlowsRepository } from './flows.repository.js';
import { FlowsService } from './flows.service.js';

/** Flows of the ai service (issue 27): NATS `ai.flows.*`, versions, and their runtime on bot-driven tickets. */
@Module({
  imports: [PromptsModule, IntegrationsModule],
  controllers: [FlowsController, AiReferencesController],
  providers: [FlowsRepository, FlowsService, FlowsFromQueueMenu],
  exports: [FlowsService],
})
export class FlowsModule {}
