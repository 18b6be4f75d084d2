import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { TagsController } from './tags.controller.js';
import { TagsRepository } from './tags.repository.js';
import { TagsService } from './tags.service.js';

@Module({
  imports: [SharedModule, DirectoryModule, TicketsModule],
  controllers: [TagsController],
  providers: [TagsRepository, TagsService],
})
export class TagsModule {}
