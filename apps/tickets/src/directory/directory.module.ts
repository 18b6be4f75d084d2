import { Module } from '@nestjs/common';
import { CompanySettings, SessionsChannel } from '@atrium/kernel';
import { DirectoryRepository } from './directory.repository.js';
import { DirectoryService } from './directory.service.js';

const exported = [DirectoryRepository, DirectoryService, CompanySettings, SessionsChannel];

/** Read models of what other services own (users, connections, settings) and the channel to sessions. */
@Module({ providers: exported, exports: exported })
export class DirectoryModule {}
