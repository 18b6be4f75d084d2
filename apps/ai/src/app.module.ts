import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import type { AiConfig } from './config.js';
import { aiSchema } from './db/schema.js';

@Module({})
export class AiAppModule {
  static forRoot(config: AiConfig): DynamicModule {
    return {
      module: AiAppModule,
      imports: [CoreModule.forRoot({ service: 'ai', config, schema: aiSchema })],
    };
  }
}
