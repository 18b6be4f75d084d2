import { Module } from '@nestjs/common';
import { ConversationResolver } from './conversation-resolver.js';
import { InboundConsumer } from './inbound-consumer.js';
import { InboundHandler } from './inbound-handler.js';

@Module({ providers: [ConversationResolver, InboundHandler, InboundConsumer], exports: [InboundHandler] })
export class InboundModule {}
