import { Inject, Injectable } from '@nestjs/common';
import {
  auditedRecord,
  AppError,
  CONNECTION_DEFAULTS,
  ErrorCode,
  isAdmin,
  missingOf,
  READ_MODEL_PAGE_SIZE,
  type Actor,
  type MissingReferences,
  type SessionsReferencesDto,
  type StartSessionDto,
  type UpdateWhatsappDto,
  type WhatsappDto,
  type WhatsappRefRecord,
  type WhatsappTokenOwner,
  type WhatsappTokenView,
  type WhatsappView,
} from '@atrium/contracts';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { PlanLimits, requireAdmin, withinLimit } from '@atrium/kernel';
import { SessionSupervisor } from '../runtime/session-supervisor.js';
import type { SessionsDatabase, SessionsTx } from '../shared/sessions-database.js';
import { ConnectionEvents } from '../shared/connection.events.js';
import { CloudConnectionFields } from './cloud-connection-fields.js';
import { apiTokenHash, apiTokenHint, newApiToken } from './api-token.js';
import { ConnectionsRepository } from './connections.repository.js';
import { ConnectionReferences } from './connection-references.js';
import { toWhatsappView, type NewWhatsapp, type WhatsappDraft, type WhatsappRow } from '../shared/whatsapp.view.js';

type Changes = Omit<WhatsappDto, 'name' | 'queueIds'> & { name?: string };

/** Text fields the form may send as null: stored as ''. */
function withEmptyTexts(dto: Changes): Partial<NewWhatsapp> {
  const { greetingMessage, complationMessage, outOfHoursMessage, ratingMessage, expiresInactiveMessage, ...rest } = dto;
  const texts = { greetingMessage, complationMessage, outOfHoursMessage, ratingMessage, expiresInactiveMessage };
  const patch: Partial<NewWhatsapp> = { ...rest };
  for (const [key, value] of Object.entries(texts)) {
    if (value !== undefined) patch[key as keyof typeof texts] = value ?? '';
  }
  return patch;
}

/** Connections and their rules (spec 000/001 "Connections", issue 4). */
/** A connection's settings as the audit log shows them (not its live state: status, QR code, retries). */
function auditedConnection(row: WhatsappRow): Record<string, unknown> {
  const { status: _status, qrcode: _qr, pairingCode: _pairing, retries: _retries, statusReason: _reason, ...fields } = auditedRecord(row);
  return fields;
}

@Injectable()
export class ConnectionsService {
  constructor(
    @Inject(DATABASE) private readonly database: SessionsDatabase,
    @Inject(ConnectionsRepository) private readonly connections: ConnectionsRepository,
    @Inject(PlanLimits) private readonly plans: PlanLimits,
    @Inject(ConnectionEvents) private readonly events: ConnectionEvents,
    @Inject(SessionSupervisor) private readonly sessions: SessionSupervisor,
    @Inject(ConnectionReferences) private readonly references: ConnectionReferences,
    @Inject(CloudConnectionFields) private readonly cloud: CloudConnectionFields,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async list(actor: Actor): Promise<WhatsappView[]> {
    const drafts = await this.database.withTenant(actor.companyId, async (tx) => {
      const rows = await this.connections.list(tx, actor.companyId);
      const queues = await this.connections.queueIdsOf(
        tx,
        actor.companyId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ row, queueIds: queues.get(row.id) ?? [], withToken: isAdmin(actor) }));
    });
    return this.present(actor, drafts);
  }

  /** A page of every company's connections for tickets' read model (libs/contracts read-models.ts). */
  refs(afterId: number): Promise<WhatsappRefRecord[]> {
    return this.database.asSystem((tx) => this.connections.refs(tx, afterId, READ_MODEL_PAGE_SIZE));
  }

  /** Which of these ids are not connections of the actor's company (other services ask before storing one). */
  missing(actor: Actor, dto: SessionsReferencesDto): Promise<MissingReferences<'whatsappIds'>> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const known = (await this.connections.list(tx, actor.companyId)).map((row) => row.id);
      return missingOf({ whatsappIds: dto.whatsappIds }, { whatsappIds: known });
    });
  }

  async show(actor: Actor, id: number): Promise<WhatsappView> {
    const draft = await this.database.withTenant(actor.companyId, async (tx) =>
      this.draft(tx, await this.owned(tx, actor, id), isAdmin(actor)),
    );
    const [view] = await this.present(actor, [draft]);
    return view!;
  }

  async create(actor: Actor, dto: WhatsappDto): Promise<WhatsappView> {
    requireAdmin(actor);
    const limit = await this.plans.of(actor, 'connections');
    const { queueIds = [], ...fields } = this.cloud.withoutCloudFields(dto);
    this.checkGreeting(queueIds, fields.greetingMessage ?? '');
    await this.references.require(actor, fields, queueIds);
    const cloudAccount = await this.cloud.forCreate(actor.companyId, dto);
    const saved = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.connections.lockCompany(tx, actor.companyId);
      const count = await this.connections.count(tx, actor.companyId);
      if (!withinLimit(limit, count)) throw new AppError(ErrorCode.ERR_CONNECTION_LIMIT_REACHED);
      // The first connection is the default; a new default takes the flag from the old one.
      const isDefault = count === 0 || fields.isDefault === true;
      const demoted = isDefault ? await this.connections.clearDefault(tx, actor.companyId) : [];
      const row = await this.connections.insert(tx, {
        ...CONNECTION_DEFAULTS,
        ...withEmptyTexts(fields),
        ...cloudAccount,
        name: fields.name,
        provider: this.cloud.providerOf(fields),
        companyId: actor.companyId,
        isDefault,
        status: 'OPENING',
      });
      await this.connections.setQueues(tx, actor.companyId, row.id, queueIds);
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'connection.created',
        entityType: 'connection',
        entityId: row.id,
        after: { ...auditedConnection(row), queueIds },
      });
      return [await this.draft(tx, row, true), ...(await this.drafts(tx, demoted))];
    });
    const [view, ...demoted] = await this.present(actor, saved);
    for (const other of demoted) this.events.updated(other);
    this.events.updated(view!);
    await this.sessions.start({ companyId: actor.companyId, whatsappId: view!.id });
    return view!;
  }

  async update(actor: Actor, id: number, dto: UpdateWhatsappDto): Promise<WhatsappView> {
    requireAdmin(actor);
    const { queueIds, ...fields } = this.cloud.withoutCloudFields(dto);
    await this.references.require(actor, fields, queueIds);
    // The Cloud API account is checked at Meta before the transaction (a network call holds no lock).
    const before = await this.database.withTenant(actor.companyId, (tx) => this.owned(tx, actor, id));
    const cloudAccount = await this.cloud.forUpdate(before, dto);
    const { saved, providerChanged, recheckCloud } = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.connections.lockCompany(tx, actor.companyId);
      const current = await this.owned(tx, actor, id);
      const currentQueues = (await this.connections.queueIdsOf(tx, actor.companyId, [id])).get(id) ?? [];
      this.checkGreeting(
        queueIds ?? currentQueues,
        fields.greetingMessage === undefined ? current.greetingMessage : (fields.greetingMessage ?? ''),
      );
      // There is always one default connection: it moves to another, it is never just unset.
      if (fields.isDefault === false && current.isDefault) throw new AppError(ErrorCode.ERR_NO_OTHER_WHATSAPP);
      const demoted = fields.isDefault === true && !current.isDefault ? await this.connections.clearDefault(tx, actor.companyId, id) : [];
      const row = (await this.connections.update(tx, actor.companyId, id, { ...withEmptyTexts(fields), ...cloudAccount }))!;
      if (queueIds !== undefined) await this.connections.setQueues(tx, actor.companyId, id, queueIds);
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'connection.updated',
        entityType: 'connection',
        entityId: id,
        before: { ...auditedConnection(current), queueIds: currentQueues },
        after: { ...auditedConnection(row), queueIds: queueIds ?? currentQueues },
      });
      const providerChanged = fields.provider !== undefined && fields.provider !== current.provider;
      const recheckCloud = row.provider === 'cloud' && 'cloudAccessToken' in cloudAccount;
      return { saved: [await this.draft(tx, row, true), ...(await this.drafts(tx, demoted))], providerChanged, recheckCloud };
    });
    const [view, ...demoted] = await this.present(actor, saved);
    for (const other of demoted) this.events.updated(other);
    this.events.updated(view!);
    // Another provider cannot use the old pairing: pair again.
    // New Cloud API credentials: the session starts again with them (a refused one connects now).
    if (providerChanged || recheckCloud) await this.sessions.newQr({ companyId: actor.companyId, whatsappId: id });
    return view!;
  }

  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    await this.database.withTenant(actor.companyId, (tx) => this.owned(tx, actor, id));
    await this.sessions.remove({ companyId: actor.companyId, whatsappId: id });
    const promoted = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.connections.lockCompany(tx, actor.companyId);
      const row = await this.owned(tx, actor, id);
      await this.connections.delete(tx, actor.companyId, id);
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'connection.deleted',
        entityType: 'connection',
        entityId: id,
        before: auditedConnection(row),
      });
      if (!row.isDefault) return null;
      const next = await this.connections.oldest(tx, actor.companyId);
      if (!next) return null;
      const updated = await this.connections.update(tx, actor.companyId, next.id, { isDefault: true });
      return updated ? this.draft(tx, updated, true) : null;
    });
    this.events.deleted(actor.companyId, id);
    if (promoted) for (const view of await this.present(actor, [promoted])) this.events.updated(view);
    return { message: 'Whatsapp deleted.' };
  }

  async startSession(actor: Actor, id: number, dto: StartSessionDto): Promise<{ message: string }> {
    requireAdmin(actor);
    await this.database.withTenant(actor.companyId, (tx) => this.owned(tx, actor, id));
    await this.sessions.start({ companyId: actor.companyId, whatsappId: id }, { pairingPhoneNumber: dto.phoneNumber });
    return { message: 'Starting session.' };
  }

  async newQr(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    await this.database.withTenant(actor.companyId, (tx) => this.owned(tx, actor, id));
    await this.sessions.newQr({ companyId: actor.companyId, whatsappId: id });
    return { message: 'Starting session.' };
  }

  async disconnect(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    await this.database.withTenant(actor.companyId, (tx) => this.owned(tx, actor, id));
    await this.sessions.disconnect({ companyId: actor.companyId, whatsappId: id });
    return { message: 'Session disconnected.' };
  }

  /** Which connection (and company) an external-API token belongs to, and its session's status. */
  async byToken(token: string): Promise<WhatsappTokenOwner> {
    const row = await this.database.asSystem((tx) => this.connections.findByTokenHash(tx, apiTokenHash(token)));
    if (!row) throw new AppError(ErrorCode.ERR_INVALID_API_TOKEN);
    return { id: row.id, companyId: row.companyId, status: row.status };
  }

  /**
   * A new external-API token for the connection (issue 15): strong and random, answered this once
   * and stored as its hash; the previous token stops working at once.
   */
  async regenerateToken(actor: Actor, id: number): Promise<WhatsappTokenView> {
    requireAdmin(actor);
    const token = newApiToken();
    const tokenHint = apiTokenHint(token);
    const draft = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.owned(tx, actor, id);
      const row = (await this.connections.update(tx, actor.companyId, id, { tokenHash: apiTokenHash(token), tokenHint }))!;
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'token.issued',
        entityType: 'token',
        entityId: id,
        // the hint (its last characters) names the token without revealing it
        before: { connection: current.name, hint: current.tokenHint },
        after: { connection: current.name, hint: tokenHint },
      });
      return this.draft(tx, row, true);
    });
    const [view] = await this.present(actor, [draft]);
    this.events.updated(view!);
    return { token, tokenHint };
  }

  /** The connection exists in this company (for outbound commands from other services). */
  async assertExists(companyId: number, id: number): Promise<void> {
    const row = await this.database.withTenant(companyId, (tx) => this.connections.find(tx, companyId, id));
    if (!row) throw new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
  }

  // ---- internals ---------------------------------------------------------------------------

  private checkGreeting(queueIds: number[], greetingMessage: string): void {
    if (new Set(queueIds).size > 1 && greetingMessage.trim() === '') throw new AppError(ErrorCode.ERR_WAPP_GREETING_REQUIRED);
  }

  private async owned(tx: SessionsTx, actor: Actor, id: number): Promise<WhatsappRow> {
    const row = await this.connections.find(tx, actor.companyId, id);
    if (!row) throw new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
    return row;
  }

  private async draft(tx: SessionsTx, row: WhatsappRow, withToken: boolean): Promise<WhatsappDraft> {
    const queues = await this.connections.queueIdsOf(tx, row.companyId, [row.id]);
    return { row, queueIds: queues.get(row.id) ?? [], withToken };
  }

  private async drafts(tx: SessionsTx, rows: WhatsappRow[]): Promise<WhatsappDraft[]> {
    return Promise.all(rows.map((row) => this.draft(tx, row, true)));
  }

  /** The views of connections read in a transaction, their queues named after it (one question to tickets). */
  private async present(actor: Actor, drafts: WhatsappDraft[]): Promise<WhatsappView[]> {
    if (drafts.length === 0) return [];
    const queuesOf = await this.references.queueNamesOf(actor);
    return drafts.map((draft) => toWhatsappView(draft, queuesOf(draft.queueIds), this.cloud.view(draft.row, draft.withToken)));
  }
}
