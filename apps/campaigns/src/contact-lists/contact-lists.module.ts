import { Module } from '@nestjs/common';
import { SessionsChannel } from '@atrium/kernel';
import { CampaignFiles } from '../shared/campaign-files.js';
import { ContactListImporter } from './contact-list-importer.js';
import { ContactListImportsRepository } from './contact-list-imports.repository.js';
import { ContactListImportsService } from './contact-list-imports.service.js';
import { ContactListItemsRepository } from './contact-list-items.repository.js';
import { ContactListItemsService } from './contact-list-items.service.js';
import { ContactListsController } from './contact-lists.controller.js';
import { ContactListsEvents } from './contact-lists.events.js';
import { ContactListsRepository } from './contact-lists.repository.js';
import { ContactListsService } from './contact-lists.service.js';
import { WhatsappNumberChecker } from './whatsapp-number-checker.js';

/**
 * Contact lists and their items: NATS `campaigns.contact-lists.*` and `campaigns.contact-list-items.*`,
 * and the spreadsheet import job (ContactListImporter) with its WhatsApp check.
 */
@Module({
  controllers: [ContactListsController],
  providers: [
    ContactListsRepository,
    ContactListItemsRepository,
    ContactListImportsRepository,
    ContactListsService,
    ContactListItemsService,
    ContactListImportsService,
    ContactListsEvents,
    ContactListImporter,
    WhatsappNumberChecker,
    SessionsChannel,
    CampaignFiles,
  ],
  exports: [ContactListsRepository, ContactListItemsRepository, ContactListImportsRepository, ContactListsEvents, WhatsappNumberChecker],
})
export class ContactListsModule {}
