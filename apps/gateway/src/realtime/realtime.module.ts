import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { EventFanOut } from './event-fan-out.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { SocketAuthenticator } from './socket-authenticator.js';
import { TICKET_ROOM_ACCESS, TicketsServiceRoomAccess } from './ticket-room-access.js';
import { UserPresence } from './user-presence.js';

/** socket.io: authenticated sockets, their rooms and presence, and the fan-out of NATS domain events. */
@Module({
  imports: [AuthModule],
  providers: [
    RealtimeGateway,
    SocketAuthenticator,
    EventFanOut,
    UserPresence,
    { provide: TICKET_ROOM_ACCESS, useClass: TicketsServiceRoomAccess },
  ],
  exports: [EventFanOut],
})
export class RealtimeModule {}
