import { Module } from '@nestjs/common';
import { QueueRefsRepository } from './queue-refs.repository.js';
import { QueueRefsConsumer } from './queue-refs.consumer.js';

/** The read model of the tickets service's queues. */
@Module({ providers: [QueueRefsRepository, QueueRefsConsumer] })
export class QueuesModule {}
