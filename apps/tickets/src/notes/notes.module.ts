import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { NotesController } from './notes.controller.js';
import { NotesRepository } from './notes.repository.js';
import { NotesService } from './notes.service.js';

@Module({
  imports: [SharedModule, DirectoryModule, TicketsModule],
  controllers: [NotesController],
  providers: [NotesRepository, NotesService],
  exports: [NotesRepository],
})
export class NotesModule {}
