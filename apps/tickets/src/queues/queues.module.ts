import { Module } from '@nestjs/common';
import { PlanLimits } from '@atrium/kernel';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { DeletedBotsConsumer } from './deleted-bots.consumer.js';
import { QueuesController } from './queues.controller.js';
import { QueuesRepository } from './queues.repository.js';
import { DeleteQueue } from './delete-queue.js';
import { QueuesService } from './queues.service.js';

@Module({
  imports: [SharedModule, TicketsModule],
  controllers: [QueuesController],
  providers: [QueuesRepository, QueuesService, DeleteQueue, PlanLimits, DeletedBotsConsumer],
  exports: [QueuesRepository],
})
export class QueuesModule {}
