import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { ActorStateWriter } from './actor-state.writer.js';
import { RefreshSessionsRepository } from './refresh-sessions.repository.js';

const exported = [RefreshSessionsRepository, ActorStateWriter];

/** A user's refresh sessions and the one live login per user (Redis actor state). */
@Module({ imports: [SharedModule], providers: exported, exports: exported })
export class LoginSessionsModule {}
