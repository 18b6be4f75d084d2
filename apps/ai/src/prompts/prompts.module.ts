import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../integrations/integrations.module.js';
import { RuntimeModule } from '../runtime/runtime.module.js';
import { OpenAiEngine } from './openai-engine.js';
import { PromptsController } from './prompts.controller.js';
import { PromptsEvents } from './prompts.events.js';
import { PromptsRepository } from './prompts.repository.js';
import { PromptsService } from './prompts.service.js';

/** Prompts of the ai service: NATS `ai.prompts.*`, and the OpenAI engine that runs them for the runtime. */
@Module({
  imports: [RuntimeModule, IntegrationsModule],
  controllers: [PromptsController],
  providers: [PromptsRepository, PromptsService, PromptsEvents, OpenAiEngine],
  exports: [PromptsService],
})
export class PromptsModule {}
