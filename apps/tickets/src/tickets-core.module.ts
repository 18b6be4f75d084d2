import { Global, Module } from '@nestjs/common';
import { ContactViews } from './contacts/contact.view.js';
import { ContactsRepository } from './contacts/contacts.repository.js';
import { CompanySettings } from './directory/company-settings.js';
import { DirectorySync } from './directory/directory-sync.js';
import { DirectoryRepository } from './directory/directory.repository.js';
import { DirectoryService } from './directory/directory.service.js';
import { SessionsChannel } from './directory/sessions-channel.js';
import { MediaFiles } from './messages/media-files.js';
import { MediaReferencesRepository } from './messages/media-references.repository.js';
import { MessageSender } from './messages/message-sender.js';
import { MessagesRepository } from './messages/messages.repository.js';
import { QueuesRepository } from './queues/queues.repository.js';
import { TicketsEvents } from './shared/tickets-events.js';
import { TagsRepository } from './tags/tags.repository.js';
import { TicketViews } from './tickets/ticket-views.js';
import { TicketsRepository } from './tickets/tickets.repository.js';

const shared = [
  QueuesRepository,
  ContactsRepository,
  ContactViews,
  TicketsRepository,
  MessagesRepository,
  TagsRepository,
  DirectoryRepository,
  DirectoryService,
  CompanySettings,
  SessionsChannel,
  TicketViews,
  MessageSender,
  MediaReferencesRepository,
  MediaFiles,
  TicketsEvents,
];

/** Repositories and helpers the tickets feature modules share; DirectorySync keeps the read models fresh. */
@Global()
@Module({ providers: [...shared, DirectorySync], exports: shared })
export class TicketsCoreModule {}
