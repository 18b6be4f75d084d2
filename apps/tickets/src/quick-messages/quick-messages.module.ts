import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { QuickMessagesController } from './quick-messages.controller.js';
import { QuickMessagesRepository } from './quick-messages.repository.js';
import { QuickMessagesService } from './quick-messages.service.js';

@Module({
  imports: [SharedModule, MediaModule],
  controllers: [QuickMessagesController],
  providers: [QuickMessagesRepository, QuickMessagesService],
})
export class QuickMessagesModule {}
