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
import { INBOUND_BATCH_STEPS, type InboundBatchStep } from './inbound-batch-step.js';
import { InboundCallPolicy } from './inbound-call-policy.js';
import { InboundCalls } from './inbound-calls.js';
import { InboundConsumer } from './inbound.consumer.js';
import { InboundFailuresController } from './inbound-failures.controller.js';
import { InboundFailuresService } from './inbound-failures.service.js';
import { InboundHandler } from './inbound-handler.js';
import { InboundMessageBatches } from './inbound-message-batches.js';
import { InboundMessageChanges } from './inbound-message-changes.js';
import { InboundStreamMetrics } from './inbound-stream-metrics.js';
import { InboundViews } from './inbound-views.js';
import { CampaignRepliesStep } from './steps/campaign-replies.step.js';
import { ChatbotStep } from './steps/chatbot.step.js';
import { TouchTicketsStep } from './steps/touch-tickets.step.js';

/**
 * The steps of the inbound transaction on a batch's stored messages, in this order
 * (inbound-batch-step.ts): a feature that acts on customers' messages as they arrive (a channel,
 * a flow engine) adds its step here.
 */
const INBOUND_STEPS = [TouchTicketsStep, ChatbotStep, CampaignRepliesStep];

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
    InboundViews,
    InboundMessageBatches,
    InboundMessageChanges,
    InboundCallPolicy,
    InboundCalls,
    InboundHandler,
    InboundConsumer,
    FailedInboundEventsRepository,
    InboundFailuresService,
    InboundStreamMetrics,
    ...INBOUND_STEPS,
    { provide: INBOUND_BATCH_STEPS, useFactory: (...steps: InboundBatchStep[]) => steps, inject: INBOUND_STEPS },
  ],
  exports: [InboundHandler],
})
export class InboundModule {}
