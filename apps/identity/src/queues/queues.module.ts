import { Module } from '@nestjs/common';
import { QueueRefsRepository } from './queue-refs.repository.js';
import { QueueRefsSubscriber } from './queue-refs.subscriber.js';

/** The read model of the tickets service's queues. */
@Module({ providers: [QueueRefsRepository, QueueRefsSubscriber] })
export class QueuesModule {}
