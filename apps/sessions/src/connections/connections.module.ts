import { Module } from '@nestjs/common';
import { PlanLimits } from '@atrium/kernel';
import { RuntimeModule } from '../runtime/runtime.module.js';
import { CloudModule } from '../cloud/cloud.module.js';
import { CloudConnectionFields } from './cloud-connection-fields.js';
import { ConnectionsController } from './connections.controller.js';
import { ConnectionsRepository } from './connections.repository.js';
import { ConnectionsService } from './connections.service.js';
import { DeletedBotsConsumer } from './deleted-bots.consumer.js';
import { OutboundController } from './outbound.controller.js';
import { ConnectionReferences } from './connection-references.js';
import { QueueNames } from './queue-names.js';

@Module({
  imports: [RuntimeModule, CloudModule],
  controllers: [ConnectionsController, OutboundController],
  providers: [
    CloudConnectionFields,
    ConnectionsRepository,
    ConnectionsService,
    ConnectionReferences,
    PlanLimits,
    QueueNames,
    DeletedBotsConsumer,
  ],
})
export class ConnectionsModule {}
