import { Module } from '@nestjs/common';
import { ChatbotModule } from '../chatbot/chatbot.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { CustomerWindowModule } from '../customer-window/customer-window.module.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { ConversationResolver } from './conversation-resolver.js';
import { FailedInboundEventsRepository } from './failed-inbound-events.repository.js';
import { InboundConsumer } from './inbound.consumer.js';
import { InboundFailuresController } from './inbound-failures.controller.js';
import { InboundFailuresService } from './inbound-failures.service.js';
import { InboundHandler } from './inbound-handler.js';
import { InboundStreamMetrics } from './inbound-stream-metrics.js';

@Module({
  imports: [
    SharedModule,
    DirectoryModule,
    ContactsModule,
    TicketsModule,
    QueuesModule,
    MessagesModule,
    ChatbotModule,
    CustomerWindowModule,
  ],
  controllers: [InboundFailuresController],
  providers: [
    ConversationResolver,
    InboundHandler,
    InboundConsumer,
    FailedInboundEventsRepository,
    InboundFailuresService,
    InboundStreamMetrics,
  ],
  exports: [InboundHandler],
})
export class InboundModule {}
