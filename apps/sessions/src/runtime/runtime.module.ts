import { Module } from '@nestjs/common';
import { CloudModule } from '../cloud/cloud.module.js';
import { AuthKeysRepository } from '../auth-state/auth-keys.repository.js';
import { ConnectionEvents } from '../shared/connection.events.js';
import { DriverRegistry } from '../drivers/driver-registry.js';
import { InboundPublisher } from '../inbound/inbound-publisher.js';
import { MediaStore } from '../inbound/media-store.js';
import { LeaseRepository } from './lease.repository.js';
import { SessionStateRepository } from './session-state.repository.js';
import { SessionSupervisor } from './session-supervisor.js';
import { SessionsMetrics } from './sessions-metrics.js';

/** Running sessions: leases, drivers, auth state, the inbound stream and media. */
@Module({
  imports: [CloudModule],
  providers: [
    LeaseRepository,
    SessionStateRepository,
    AuthKeysRepository,
    DriverRegistry,
    ConnectionEvents,
    InboundPublisher,
    MediaStore,
    SessionSupervisor,
    SessionsMetrics,
  ],
  exports: [SessionSupervisor, ConnectionEvents, AuthKeysRepository, InboundPublisher, MediaStore],
})
export class RuntimeModule {}
