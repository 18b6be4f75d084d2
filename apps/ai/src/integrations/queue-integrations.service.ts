import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  auditedRecord,
  ErrorCode,
  SECRET_MASK,
  type Actor,
  type QueueIntegrationDto,
  type QueueIntegrationsPageView,
  type QueueIntegrationsQueryDto,
  type QueueIntegrationView,
} from '@atrium/contracts';
import { hasMore, SECRET_BOX, SecretBox } from '@atrium/kernel';
import { AuditTrail, IntegrationOutbox } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import type { AiDatabase, AiTx } from '../shared/ai-database.js';
import { parseServiceAccount } from './dialogflow/service-account.js';
import { OutboundUrlGuard } from './outbound/outbound-url.guard.js';
import { toQueueIntegrationView } from './queue-integration.view.js';
import { QueueIntegrationsEvents } from './queue-integrations.events.js';
import { QueueIntegrationsRepository, type QueueIntegrationChanges, type QueueIntegrationRow } from './queue-integrations.repository.js';

const PAGE_SIZE = 20;

/** The secret box contexts of an integration's sealed fields (a value copied to another company's row does not open). */
const jsonContentContext = (companyId: number): string => `integration:jsonContent:${companyId}`;
const signingSecretContext = (companyId: number): string => `integration:signingSecret:${companyId}`;

/** A stored integration with its secrets opened, for the engines only (never answered by the API). */
export interface QueueIntegrationConfig extends QueueIntegrationRow {
  jsonContent: string | null;
  signingSecret: string | null;
}

/**
 * Queue integrations of the actor's company (spec 001 "Queue integrations", `/queueIntegration`),
 * each read and write in one tenant transaction. Only the fields of the integration's type are
 * kept; the service-account JSON and the webhook signing secret are sealed at rest.
 */
@Injectable()
export class QueueIntegrationsService {
  constructor(
    @Inject(DATABASE) private readonly database: AiDatabase,
    @Inject(QueueIntegrationsRepository) private readonly integrations: QueueIntegrationsRepository,
    @Inject(QueueIntegrationsEvents) private readonly events: QueueIntegrationsEvents,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(OutboundUrlGuard) private readonly guard: OutboundUrlGuard,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  page(actor: Actor, query: QueueIntegrationsQueryDto): Promise<QueueIntegrationsPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const { rows, count } = await this.integrations.page(tx, actor.companyId, query.searchParam, query.pageNumber, PAGE_SIZE);
      return {
        queueIntegrations: rows.map(toQueueIntegrationView),
        count,
        hasMore: hasMore(query.pageNumber, PAGE_SIZE, rows.length, count),
      };
    });
  }

  show(actor: Actor, id: number): Promise<QueueIntegrationView> {
    return this.database.withTenant(actor.companyId, async (tx) => toQueueIntegrationView(await this.existing(tx, actor.companyId, id)));
  }

  /** The webhook signing secret of an n8n/webhook integration, for its admin to configure the receiver. */
  signingSecret(actor: Actor, id: number): Promise<{ signingSecret: string | null }> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.existing(tx, actor.companyId, id);
      return {
        signingSecret: row.signingSecretSealed ? this.secrets.open(row.signingSecretSealed, signingSecretContext(actor.companyId)) : null,
      };
    });
  }

  async create(actor: Actor, dto: QueueIntegrationDto): Promise<QueueIntegrationView> {
    const fields = this.fieldsOf(actor.companyId, dto, null);
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const inserted = await this.integrations.insert(tx, { companyId: actor.companyId, ...fields });
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'integration.created',
        entityType: 'integration',
        entityId: inserted.id,
        after: auditedRecord(inserted),
      });
      return inserted;
    });
    const view = toQueueIntegrationView(row);
    this.events.saved('create', view);
    return view;
  }

  async update(actor: Actor, id: number, dto: QueueIntegrationDto): Promise<QueueIntegrationView> {
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id);
      const updated = (await this.integrations.update(tx, actor.companyId, id, this.fieldsOf(actor.companyId, dto, current)))!;
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'integration.updated',
        entityType: 'integration',
        entityId: id,
        before: auditedRecord(current),
        after: auditedRecord(updated),
      });
      return updated;
    });
    const view = toQueueIntegrationView(row);
    this.events.saved('update', view);
    return view;
  }

  /** Deletes it and states `queueIntegration.deleted` in the same transaction: tickets and sessions clear it from queues and connections. */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id);
      if (!(await this.integrations.delete(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_QUEUE_INTEGRATION_FOUND);
      await this.outbox.add(tx, 'queueIntegration.deleted', actor.companyId, { integrationId: id });
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'integration.deleted',
        entityType: 'integration',
        entityId: id,
        before: auditedRecord(current),
      });
    });
    this.events.deleted(actor.companyId, id);
    return { message: 'Integration deleted' };
  }

  /** Which of these integration ids are not the company's (tickets and sessions ask before storing an integrationId). */
  missingIds(companyId: number, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    return this.database.withTenant(companyId, async (tx) => {
      const found = new Set(await this.integrations.existingIds(tx, companyId, unique));
      return unique.filter((id) => !found.has(id));
    });
  }

  /** For the engines: the integration with its secrets opened, or undefined when it was deleted. */
  config(companyId: number, id: number): Promise<QueueIntegrationConfig | undefined> {
    return this.database.withTenant(companyId, async (tx) => {
      const row = await this.integrations.find(tx, companyId, id);
      if (!row) return undefined;
      return {
        ...row,
        jsonContent: row.jsonContentSealed ? this.secrets.open(row.jsonContentSealed, jsonContentContext(companyId)) : null,
        signingSecret: row.signingSecretSealed ? this.secrets.open(row.signingSecretSealed, signingSecretContext(companyId)) : null,
      };
    });
  }

  private async existing(tx: AiTx, companyId: number, id: number): Promise<QueueIntegrationRow> {
    const row = await this.integrations.find(tx, companyId, id);
    if (!row) throw new AppError(ErrorCode.ERR_NO_QUEUE_INTEGRATION_FOUND);
    return row;
  }

  /** The columns of `dto`'s type (the others cleared); a masked or missing jsonContent keeps the stored one. */
  private fieldsOf(
    companyId: number,
    dto: QueueIntegrationDto,
    current: QueueIntegrationRow | null,
  ): QueueIntegrationChanges & Pick<QueueIntegrationRow, 'type' | 'name'> {
    const base = {
      type: dto.type,
      name: dto.name,
      projectName: null,
      jsonContentSealed: null,
      language: null,
      urlN8N: null,
      typebotSlug: null,
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: null,
      typebotKeywordRestart: null,
      typebotRestartMessage: null,
      typebotUnknownMessage: null,
      signingSecretSealed: null,
    };
    switch (dto.type) {
      case 'dialogflow':
        return {
          ...base,
          projectName: dto.projectName!,
          language: dto.language!,
          jsonContentSealed: this.sealedJsonContent(companyId, dto.jsonContent, current),
        };
      case 'n8n':
      case 'webhook':
        this.requireReachable('urlN8N', dto.urlN8N!);
        return {
          ...base,
          urlN8N: dto.urlN8N!,
          signingSecretSealed:
            current?.signingSecretSealed ??
            this.secrets.seal(`whsec_${randomBytes(24).toString('base64url')}`, signingSecretContext(companyId)),
        };
      case 'typebot':
        this.requireReachable('urlN8N', dto.urlN8N!);
        return {
          ...base,
          urlN8N: dto.urlN8N!,
          typebotSlug: dto.typebotSlug!,
          typebotExpires: dto.typebotExpires ?? 1,
          typebotDelayMessage: dto.typebotDelayMessage ?? 1000,
          typebotKeywordFinish: dto.typebotKeywordFinish ?? null,
          typebotKeywordRestart: dto.typebotKeywordRestart ?? null,
          typebotRestartMessage: dto.typebotRestartMessage ?? null,
          typebotUnknownMessage: dto.typebotUnknownMessage ?? null,
        };
    }
  }

  /** The SSRF guard's check when a URL is saved (it checks again, with DNS, at each send). */
  private requireReachable(field: 'urlN8N' | 'jsonContent', url: string, label = ''): void {
    const problem = this.guard.problem(url);
    if (problem) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: [`${label}${problem}`] }] });
  }

  private sealedJsonContent(companyId: number, jsonContent: string | null | undefined, current: QueueIntegrationRow | null): string {
    const kept = jsonContent === undefined || jsonContent === null || jsonContent === SECRET_MASK;
    if (kept && current?.jsonContentSealed) return current.jsonContentSealed;
    const { account, problem } = kept ? { account: undefined, problem: 'required' } : parseServiceAccount(jsonContent);
    if (problem) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'jsonContent', messages: [problem] }] });
    this.requireReachable('jsonContent', account!.token_uri, 'token_uri ');
    return this.secrets.seal(jsonContent!, jsonContentContext(companyId));
  }
}
