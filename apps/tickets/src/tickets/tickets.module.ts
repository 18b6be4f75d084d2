import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { MediaModule } from '../media/media.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { BotRelease } from './bot-release.js';
import { TicketBotsRepository } from './ticket-bots.repository.js';
import { TicketTransitionListeners } from './transition-listeners.js';
import { TicketViews } from './ticket-views.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

@Module({
  imports: [SharedModule, DirectoryModule, MediaModule, ContactsModule],
  controllers: [TicketsController],
  providers: [TicketsRepository, TicketBotsRepository, BotRelease, TicketViews, TicketTransitionListeners, TicketsService],
  exports: [TicketsRepository, TicketBotsRepository, BotRelease, TicketViews, TicketTransitionListeners],
})
export class TicketsModule {}
