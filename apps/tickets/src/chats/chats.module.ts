import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { ChatsController } from './chats.controller.js';
import { ChatsEvents } from './chats.events.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';

/** Internal chat: its own tables, NATS handlers and member-only events; members checked through DirectoryService. */
@Module({
  imports: [DirectoryModule],
  controllers: [ChatsController],
  providers: [ChatsService, ChatsRepository, ChatsEvents],
})
export class ChatsModule {}
