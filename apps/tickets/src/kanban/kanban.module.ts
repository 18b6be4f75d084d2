import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { KanbanController } from './kanban.controller.js';
import { KanbanRepository } from './kanban.repository.js';
import { KanbanService } from './kanban.service.js';

/** The kanban board's tickets and lane moves, on top of the tickets context (its repository, views and access rule). */
@Module({ imports: [SharedModule, TicketsModule], controllers: [KanbanController], providers: [KanbanRepository, KanbanService] })
export class KanbanModule {}
