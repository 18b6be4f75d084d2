import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { EventFanOut } from './event-fan-out.js';
import { FanOutMetrics } from './fan-out-metrics.js';
import { LiveEventAccess } from './live-event-access.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { SocketAuthenticator } from './socket-authenticator.js';
import { UserPresence } from './user-presence.js';

/** socket.io: authenticated sockets, their presence, and the fan-out of NATS domain events. */
@Module({
  imports: [AuthModule],
  providers: [RealtimeGateway, SocketAuthenticator, EventFanOut, FanOutMetrics, UserPresence],
  exports: [EventFanOut, FanOutMetrics],
})
export class RealtimeModule {
  /** With the rules of who hears which live event (the app's table of routes, live-events/). */
  static forRoot(access: LiveEventAccess): DynamicModule {
    return { module: RealtimeModule, providers: [{ provide: LiveEventAccess, useValue: access }] };
  }
}
