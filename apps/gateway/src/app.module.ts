import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import { AuthModule } from './auth/auth.module.js';
import { BillingApiModule } from './billing/billing-api.module.js';
import { CampaignsApiModule } from './campaigns/campaigns-api.module.js';
import { AiApiModule } from './ai/ai-api.module.js';
import type { GatewayConfig } from './config.js';
import { MessagesApiModule } from './external-api/messages-api.module.js';
import { IdentityApiModule } from './identity/identity-api.module.js';
import { liveEventAccess } from './live-events/live-event-routes.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { SessionsApiModule } from './sessions/sessions-api.module.js';
import { TicketsApiModule } from './tickets/tickets-api.module.js';

@Module({})
export class GatewayAppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [
        CoreModule.forRoot({ service: 'gateway', config, metricsNeedToken: true }),
        AuthModule,
        IdentityApiModule,
        RealtimeModule.forRoot(liveEventAccess()),
        SessionsApiModule,
        TicketsApiModule,
        CampaignsApiModule,
        AiApiModule,
        BillingApiModule,
        MessagesApiModule,
      ],
    };
  }
}
