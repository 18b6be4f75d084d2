import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@atrium/service-kit';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import { RefreshSessionsRepository } from '../login-sessions/refresh-sessions.repository.js';
import { SessionUserLoader } from './session-user.loader.js';

/** A user's live login as changes to the user reach it: refreshed after an edit, ended on deletion. */
@Injectable()
export class UserLogins {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SessionUserLoader) private readonly sessionUsers: SessionUserLoader,
    @Inject(RefreshSessionsRepository) private readonly sessions: RefreshSessionsRepository,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
  ) {}

  /** The actor state the gateway checks requests against, read again (profile, queues... changed). */
  async refresh(companyId: number, userId: number): Promise<void> {
    const view = await this.database.withTenant(companyId, (tx) => this.sessionUsers.load(tx, companyId, userId));
    if (view) await this.actorStates.refresh(view);
  }

  /** Revokes every refresh session of the user, in the deletion's transaction. */
  revokeAll(tx: IdentityTx, userId: number): Promise<void> {
    return this.sessions.revokeAllOf(tx, userId);
  }

  /** Ends the live login (after the transaction committed). */
  end(userId: number): Promise<void> {
    return this.actorStates.remove(userId);
  }
}
