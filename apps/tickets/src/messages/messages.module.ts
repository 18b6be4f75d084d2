import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { CustomerWindowModule } from '../customer-window/customer-window.module.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { MediaModule } from '../media/media.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { AutomaticMessagesSender } from './automatic-messages.js';
import { CampaignMessagesController } from './campaign-messages.controller.js';
import { CampaignMessagesRepository } from './campaign-messages.repository.js';
import { CampaignMessagesService } from './campaign-messages.service.js';
import { CampaignReplies } from './campaign-replies.js';
import { ExternalMessagesController } from './external-messages.controller.js';
import { ComposerFiles } from './composer-files.js';
import { ExternalTextQueue } from './external/external-text-queue.js';
import { ExternalAdmission } from './external/external-admission.js';
import { ExternalTicketFinder } from './external/external-ticket-finder.js';
import { QuietClose } from './external/quiet-close.js';
import { ExternalMessagesService } from './external-messages.service.js';
import { MessageSender } from './message-sender.js';
import { BotHistoryController } from './bot-history.controller.js';
import { MessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { OutgoingMessagesService } from './outgoing-messages.service.js';
import { TemplateMessagesController } from './template-messages.controller.js';
import { TemplateMessagesService } from './template-messages.service.js';

@Module({
  imports: [SharedModule, DirectoryModule, MediaModule, TicketsModule, ContactsModule, CustomerWindowModule],
  controllers: [
    MessagesController,
    BotHistoryController,
    CampaignMessagesController,
    ExternalMessagesController,
    TemplateMessagesController,
  ],
  providers: [
    CampaignMessagesRepository,
    CampaignMessagesService,
    CampaignReplies,
    ExternalMessagesService,
    ExternalAdmission,
    ExternalTicketFinder,
    ExternalTextQueue,
    QuietClose,
    MessagesRepository,
    MessageSender,
    MessagesService,
    OutgoingMessagesService,
    ComposerFiles,
    AutomaticMessagesSender,
    TemplateMessagesService,
  ],
  exports: [MessagesRepository, MessageSender, CampaignReplies],
})
export class MessagesModule {}
