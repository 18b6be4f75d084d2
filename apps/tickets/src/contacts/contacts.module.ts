import { Module } from '@nestjs/common';
import { ContactsController } from './contacts.controller.js';
import { ContactsService } from './contacts.service.js';
import { NumberChecker } from './number-checker.js';

@Module({ controllers: [ContactsController], providers: [ContactsService, NumberChecker] })
export class ContactsModule {}
