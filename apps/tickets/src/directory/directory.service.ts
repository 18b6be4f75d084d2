import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  connectionAutomationOf,
  ErrorCode,
  IdentitySubjects,
  SessionsSubjects,
  type Actor,
  type UserView,
  type WhatsappView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { DirectoryRepository, type WhatsappRefRow, type WhatsappRefValues } from './directory.repository.js';

/** The connection a new ticket or a number check uses: the default one when connected, else any connected, else the default. */
export function preferredConnection(connections: WhatsappRefRow[]): WhatsappRefRow | undefined {
  const connected = connections.filter((c) => c.status === 'CONNECTED');
  return connected.find((c) => c.isDefault) ?? connected[0] ?? connections.find((c) => c.isDefault) ?? connections[0];
}

/**
 * Users and connections as the tickets service knows them: read models fed by identity's and
 * sessions' events (DirectorySyncConsumer), refreshed from their owners over NATS when a user's request
 * needs a record the read model does not hold yet.
 */
@Injectable()
export class DirectoryService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The company's connections, fresh from the sessions service (the read model when it does not answer). */
  async connections(actor: Actor): Promise<WhatsappRefRow[]> {
    try {
      const views = await this.rpc.request(SessionsSubjects.whatsappList, {}, { actor, timeoutMs: 5_000 });
      await this.database.withTenant(actor.companyId, async (tx) => {
        for (const view of views) await this.directory.upsertWhatsapp(tx, refOf(view));
      });
    } catch (error) {
      this.logger.debug({ err: error }, 'connections not refreshed from the sessions service');
    }
    return this.database.withTenant(actor.companyId, (tx) => this.directory.whatsapps(tx, actor.companyId));
  }

  /** The connection with this id of the actor's company; ERR_NO_WAPP_FOUND otherwise. */
  async connection(actor: Actor, whatsappId: number): Promise<WhatsappRefRow> {
    const found = (await this.connections(actor)).find((c) => c.id === whatsappId);
    if (!found) throw new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
    return found;
  }

  /**
   * Makes sure the read model knows these users (asking identity for the company's users on a
   * miss); ERR_NO_USER_FOUND when one is not a user of the actor's company.
   */
  async requireUsers(actor: Actor, userIds: number[]): Promise<void> {
    const wanted = [...new Set(userIds)];
    if (wanted.length === 0) return;
    const known = await this.database.withTenant(actor.companyId, (tx) => this.directory.userNames(tx, actor.companyId, wanted));
    if (wanted.every((id) => known.has(id))) return;
    const users = await this.rpc.request(IdentitySubjects.usersList, {}, { actor });
    await this.database.withTenant(actor.companyId, (tx) => this.saveUsers(tx, users));
    const ids = new Set(users.filter((u) => u.companyId === actor.companyId).map((u) => u.id));
    if (!wanted.every((id) => ids.has(id))) throw new AppError(ErrorCode.ERR_NO_USER_FOUND);
  }

  saveUsers(tx: TicketsTx, users: Array<Pick<UserView, 'id' | 'companyId' | 'name'>>): Promise<void> {
    return this.directory.upsertUsers(
      tx,
      users.map((u) => ({ id: u.id, companyId: u.companyId, name: u.name })),
    );
  }
}

export function refOf(view: WhatsappView): WhatsappRefValues {
  return {
    id: view.id,
    companyId: view.companyId,
    name: view.name,
    status: view.status,
    isDefault: view.isDefault,
    provider: view.provider,
    queueIds: view.queueIds,
    automation: connectionAutomationOf(view),
  };
}
