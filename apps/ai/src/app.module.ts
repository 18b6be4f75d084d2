import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from '@atrium/logging';
import { JobName, JobsModule } from '@atrium/jobs';
import { CoreModule } from '@atrium/service-kit';
import type { AiConfig } from './config.js';
import { aiSchema, outbox } from './db/schema.js';
import { FlowsModule } from './flows/flows.module.js';
import { IntegrationsModule } from './integrations/integrations.module.js';
import { PromptsModule } from './prompts/prompts.module.js';
import { RuntimeModule } from './runtime/runtime.module.js';

@Module({})
export class AiAppModule {
  /** `logger`: where the service's own log goes (tests capture it); by default pino on stdout. */
  static forRoot(config: AiConfig, options: { logger?: Logger } = {}): DynamicModule {
    return {
      module: AiAppModule,
      imports: [
        CoreModule.forRoot({ service: 'ai', config, schema: aiSchema, outbox, logger: options.logger }),
        // a flow timer only stores its turn: it retries while PostgreSQL is away
        JobsModule.forRoot({ policies: { [JobName.FlowTimer]: { attempts: 30, backoff: { type: 'fixed', delayMs: 2_000 } } } }),
        RuntimeModule,
        PromptsModule,
        IntegrationsModule,
        FlowsModule,
      ],
    };
  }
}
