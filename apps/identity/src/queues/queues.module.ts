import { Module } from '@nestjs/common';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { QueueRefsRepository } from './queue-refs.repository.js';
import { QueueRefsConsumer } from './queue-refs.consumer.js';

/** The read model of the tickets service's queues, fed by its integration events and reconciled on start. */
@Module({ imports: [UsersStoreModule, LoginSessionsModule], providers: [QueueRefsRepository, QueueRefsConsumer] })
export class QueuesModule {}
