import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { MediaModule } from '../media/media.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { ContactImporter } from './contact-importer.js';
import { ContactViews } from './contact.view.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { NumberChecker } from './number-checker.js';

@Module({
  imports: [SharedModule, DirectoryModule, MediaModule],
  controllers: [ContactsController],
  providers: [ContactsRepository, ContactViews, ContactsService, ContactImporter, NumberChecker],
  exports: [ContactsRepository, ContactViews],
})
export class ContactsModule {}
