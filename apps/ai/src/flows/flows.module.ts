import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../integrations/integrations.module.js';
import { PromptsModule } from '../prompts/prompts.module.js';
import { RuntimeModule } from '../runtime/runtime.module.js';
import { AiReferencesController } from './ai-references.controller.js';
import { FlowEffects } from './flow-effects.js';
import { FlowRunner } from './flow-runner.js';
import { FlowRunsRepository } from './flow-runs.repository.js';
import { FlowTimerProcessor } from './flow-timer.processor.js';
import { FlowsController } from './flows.controller.js';
import { FlowsFromQueueMenu } from './flows-from-queue-menu.js';
import { FlowsRepository } from './flows.repository.js';
import { FlowsService } from './flows.service.js';

/** Flows of the ai service (issue 27): NATS `ai.flows.*`, versions, and their runtime on bot-driven tickets. */
@Module({
  imports: [PromptsModule, IntegrationsModule, RuntimeModule],
  controllers: [FlowsController, AiReferencesController],
  providers: [FlowsRepository, FlowsService, FlowsFromQueueMenu, FlowRunsRepository, FlowEffects, FlowRunner, FlowTimerProcessor],
  exports: [FlowsService],
})
export class FlowsModule {}
