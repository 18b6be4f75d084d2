import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import type { TicketsConfig } from './config.js';
import { ticketsSchema } from './db/schema.js';

@Module({})
export class TicketsAppModule {
  static forRoot(config: TicketsConfig): DynamicModule {
    return {
      module: TicketsAppModule,
      imports: [CoreModule.forRoot({ service: 'tickets', config, schema: ticketsSchema })],
    };
  }
}
