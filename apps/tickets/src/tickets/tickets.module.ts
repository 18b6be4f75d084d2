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
import { CreateTicket } from './use-cases/create-ticket.js';
import { DeleteTicket } from './use-cases/delete-ticket.js';
import { OtherOpenTicket } from './use-cases/other-open-ticket.js';
import { TicketReferences } from './use-cases/ticket-references.js';
import { TransitionTicket } from './use-cases/transition-ticket.js';

@Module({
  imports: [SharedModule, DirectoryModule, MediaModule, ContactsModule],
  controllers: [TicketsController],
  providers: [
    TicketsRepository,
    TicketBotsRepository,
    BotRelease,
    TicketViews,
    TicketTransitionListeners,
    TicketsService,
    OtherOpenTicket,
    TicketReferences,
    CreateTicket,
    TransitionTicket,
    DeleteTicket,
  ],
  exports: [TicketsRepository, TicketBotsRepository, BotRelease, TicketViews, TicketTransitionListeners],
})
export class TicketsModule {}
