import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { DeletedUsersConsumer } from './deleted-users.consumer.js';
import { DirectoryReconciler } from './directory-reconciler.js';
import { DirectorySyncConsumer } from './directory-sync.consumer.js';

/** Other services' events applied here: the directory's read models (reconciled on start), and the tickets of a deleted user. */
@Module({
  imports: [SharedModule, DirectoryModule, TicketsModule],
  providers: [DirectoryReconciler, DirectorySyncConsumer, DeletedUsersConsumer],
})
export class DirectorySyncModule {}
