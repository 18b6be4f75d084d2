import { Module } from '@nestjs/common';
import { ContactImporter } from './contact-importer.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsService } from './contacts.service.js';
import { NumberChecker } from './number-checker.js';

@Module({ controllers: [ContactsController], providers: [ContactsService, ContactImporter, NumberChecker] })
export class ContactsModule {}
