import { Module } from '@nestjs/common';
import { QueuesModule } from '../queues/queues.module.js';
import { QueueOptionsController } from './queue-options.controller.js';
import { QueueOptionsRepository } from './queue-options.repository.js';
import { QueueOptionsService } from './queue-options.service.js';

/** A queue's option tree, the chatbot's menus (`/queue-options`). */
@Module({
  imports: [QueuesModule],
  controllers: [QueueOptionsController],
  providers: [QueueOptionsRepository, QueueOptionsService],
  exports: [QueueOptionsRepository],
})
export class QueueOptionsModule {}
