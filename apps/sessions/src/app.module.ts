import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import type { SessionsConfig } from './config.js';
import { CloudWebhookModule } from './cloud-webhook/cloud-webhook.module.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { outbox, sessionsSchema } from './db/schema.js';
import { TemplatesModule } from './templates/templates.module.js';

@Module({})
export class SessionsAppModule {
  static forRoot(config: SessionsConfig): DynamicModule {
    return {
      module: SessionsAppModule,
      imports: [
        CoreModule.forRoot({ service: 'sessions', config, schema: sessionsSchema, outbox }),
        ConnectionsModule,
        CloudWebhookModule,
        TemplatesModule,
      ],
    };
  }
}
