import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, SessionsSubjects } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { allPages, ReadModelReconciliation, RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { DirectoryRepository } from '../directory/directory.repository.js';

/** How long the owner has to answer one page. */
const PAGE_TIMEOUT_MS = 10_000;

/**
 * Brings the directory's read models in line with their owners when the service starts
 * (libs/contracts read-models.ts): identity's users (names upserted; a deleted user's name stays
 * for the history of their tickets) and the sessions service's connections (upserted, and those
 * the owner no longer has dropped). A copy written after the reconciliation began is left alone:
 * it came from an event at least as new as the owner's answer.
 */
@Injectable()
export class DirectoryReconciler {
  private readonly reconciliations: ReadModelReconciliation[];

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.reconciliations = [
      new ReadModelReconciliation({ name: 'user_refs', reconcile: () => this.reconcileUsers(), logger }),
      new ReadModelReconciliation({ name: 'whatsapp_refs', reconcile: () => this.reconcileWhatsapps(), logger }),
    ];
  }

  start(): void {
    for (const reconciliation of this.reconciliations) reconciliation.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.reconciliations.map((reconciliation) => reconciliation.stop()));
  }

  async reconcileUsers(): Promise<void> {
    const since = await this.database.asSystem((tx) => this.directory.now(tx));
    const pages = await allPages((afterId) => this.rpc.request(IdentitySubjects.usersRefs, { afterId }, { timeoutMs: PAGE_TIMEOUT_MS }));
    await this.database.asSystem(async (tx) => {
      for (const users of pages) await this.directory.upsertUsers(tx, users, since);
    });
  }

  async reconcileWhatsapps(): Promise<void> {
    const since = await this.database.asSystem((tx) => this.directory.now(tx));
    const connections = (
      await allPages((afterId) => this.rpc.request(SessionsSubjects.whatsappRefs, { afterId }, { timeoutMs: PAGE_TIMEOUT_MS }))
    ).flat();
    await this.database.asSystem(async (tx) => {
      for (const connection of connections) await this.directory.upsertWhatsapp(tx, connection, since);
      await this.directory.deleteWhatsappsExcept(
        tx,
        connections.map((connection) => connection.id),
        since,
      );
    });
  }
}
