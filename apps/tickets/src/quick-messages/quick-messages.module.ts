import { Module } from '@nestjs/common';
import { QuickMessagesController } from './quick-messages.controller.js';
import { QuickMessagesRepository } from './quick-messages.repository.js';
import { QuickMessagesService } from './quick-messages.service.js';

@Module({ controllers: [QuickMessagesController], providers: [QuickMessagesService, QuickMessagesRepository] })
export class QuickMessagesModule {}
