import { Inject, Injectable } from '@nestjs/common';
import {
  auditedRecord,
  AppError,
  ErrorCode,
  missingOf,
  PROMPT_DEFAULTS,
  SECRET_MASK,
  TicketsSubjects,
  type Actor,
  type AiReferencesDto,
  type Done,
  type MissingReferences,
  type PromptDto,
  type PromptsListView,
  type PromptView,
  type UpdatePromptDto,
} from '@atrium/contracts';
import { requireAdmin, SECRET_BOX, type SecretBox } from '@atrium/kernel';
import { AuditTrail, IntegrationOutbox, requireReferences, RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import type { AiDatabase } from '../shared/ai-database.js';
import { toPromptView } from './prompt.view.js';
import { PromptsEvents } from './prompts.events.js';
import { PromptsRepository, type NewPrompt, type PromptRow } from './prompts.repository.js';

/** A prompt as the OpenAI engine runs it: its secrets opened. Never leaves the ai service. */
export interface PromptBotConfig {
  id: number;
  companyId: number;
  prompt: string;
  apiKey: string;
  queueId: number;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

const sealContext = (companyId: number, field: 'apiKey' | 'voiceKey') => `prompt:${field}:${companyId}`;

/** A secret the form sent back unchanged (nothing, '' or the mask) keeps the stored one. */
const keepsSecret = (value: string | undefined) => value === undefined || value === '' || value === SECRET_MASK;

/**
 * Prompts of the actor's company (spec 001 "AI prompts", `/prompt`), each read and write in one
 * tenant transaction. The queue must be one of the company's (asked of tickets before anything is
 * stored); keys are sealed before they are stored and never shown.
 */
@Injectable()
export class PromptsService {
  constructor(
    @Inject(DATABASE) private readonly database: AiDatabase,
    @Inject(PromptsRepository) private readonly prompts: PromptsRepository,
    @Inject(PromptsEvents) private readonly events: PromptsEvents,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async list(actor: Actor): Promise<PromptsListView> {
    const [rows, names] = await Promise.all([
      this.database.withTenant(actor.companyId, (tx) => this.prompts.list(tx, actor.companyId)),
      this.queueNames(actor),
    ]);
    return { prompts: rows.map((row) => toPromptView(row, names.get(row.queueId))) };
  }

  async show(actor: Actor, id: number): Promise<PromptView> {
    const row = await this.database.withTenant(actor.companyId, (tx) => this.prompts.find(tx, actor.companyId, id));
    if (!row) throw new AppError(ErrorCode.ERR_NO_PROMPT_FOUND);
    return this.present(actor, row);
  }

  async create(actor: Actor, dto: PromptDto): Promise<PromptView> {
    requireAdmin(actor);
    await this.requireQueue(actor, dto.queueId);
    const companyId = actor.companyId;
    const values: NewPrompt = {
      companyId,
      name: dto.name,
      prompt: dto.prompt,
      queueId: dto.queueId,
      apiKeySealed: this.secrets.seal(dto.apiKey, sealContext(companyId, 'apiKey')),
      voiceKeySealed: keepsSecret(dto.voiceKey) ? null : this.secrets.seal(dto.voiceKey!, sealContext(companyId, 'voiceKey')),
      voice: dto.voice ?? PROMPT_DEFAULTS.voice,
      voiceRegion: dto.voiceRegion ?? '',
      maxTokens: dto.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
      temperature: dto.temperature ?? PROMPT_DEFAULTS.temperature,
      maxMessages: dto.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
    };
    const row = await this.database.withTenant(companyId, async (tx) => {
      const inserted = await this.prompts.insert(tx, values);
      await this.audit.record(tx, companyId, {
        actor,
        action: 'prompt.created',
        entityType: 'prompt',
        entityId: inserted.id,
        after: auditedRecord(inserted),
      });
      return inserted;
    });
    const view = await this.present(actor, row);
    this.events.saved(companyId, 'create', view);
    return view;
  }

  async update(actor: Actor, id: number, dto: UpdatePromptDto): Promise<PromptView> {
    requireAdmin(actor);
    if (dto.queueId !== undefined) await this.requireQueue(actor, dto.queueId);
    const companyId = actor.companyId;
    const changes: Partial<NewPrompt> = {
      name: dto.name,
      prompt: dto.prompt,
      queueId: dto.queueId,
      voice: dto.voice,
      voiceRegion: dto.voiceRegion,
      maxTokens: dto.maxTokens,
      temperature: dto.temperature,
      maxMessages: dto.maxMessages,
      ...(keepsSecret(dto.apiKey) ? {} : { apiKeySealed: this.secrets.seal(dto.apiKey!, sealContext(companyId, 'apiKey')) }),
      ...(keepsSecret(dto.voiceKey) ? {} : { voiceKeySealed: this.secrets.seal(dto.voiceKey!, sealContext(companyId, 'voiceKey')) }),
    };
    const row = await this.database.withTenant(companyId, async (tx) => {
      const current = await this.prompts.find(tx, companyId, id);
      const updated = current && (await this.prompts.update(tx, companyId, id, changes));
      if (current && updated) {
        await this.audit.record(tx, companyId, {
          actor,
          action: 'prompt.updated',
          entityType: 'prompt',
          entityId: id,
          before: auditedRecord(current),
          after: auditedRecord(updated),
        });
      }
      return updated;
    });
    if (!row) throw new AppError(ErrorCode.ERR_NO_PROMPT_FOUND);
    const view = await this.present(actor, row);
    this.events.saved(companyId, 'update', view);
    return view;
  }

  /** Deletes it and states `prompt.deleted` in the same transaction: tickets and sessions clear it from queues and connections. */
  async delete(actor: Actor, id: number): Promise<Done> {
    requireAdmin(actor);
    await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.prompts.find(tx, actor.companyId, id);
      if (!current || !(await this.prompts.delete(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_PROMPT_FOUND);
      await this.outbox.add(tx, 'prompt.deleted', actor.companyId, { promptId: id });
      await this.audit.record(tx, actor.companyId, {
        actor,
        action: 'prompt.deleted',
        entityType: 'prompt',
        entityId: id,
        before: auditedRecord(current),
      });
    });
    this.events.deleted(actor.companyId, id);
    return { message: 'Prompt deleted' };
  }

  /** `ai.references.missing` for prompts: the ids that are not prompts of the actor's company. */
  async missingPrompts(actor: Actor, dto: AiReferencesDto): Promise<MissingReferences<'promptIds'>> {
    const known = await this.database.withTenant(actor.companyId, (tx) =>
      this.prompts.existingIds(tx, actor.companyId, dto.promptIds ?? []),
    );
    return missingOf({ promptIds: dto.promptIds }, { promptIds: known });
  }

  /** The prompt with its secrets opened, for the runtime; null when the company has no such prompt. */
  async forBot(companyId: number, id: number): Promise<PromptBotConfig | null> {
    const row = await this.database.withTenant(companyId, (tx) => this.prompts.find(tx, companyId, id));
    if (!row) return null;
    return {
      id: row.id,
      companyId,
      prompt: row.prompt,
      apiKey: this.secrets.open(row.apiKeySealed, sealContext(companyId, 'apiKey')),
      queueId: row.queueId,
      maxTokens: row.maxTokens,
      temperature: row.temperature,
      maxMessages: row.maxMessages,
      voice: row.voice,
      voiceKey: row.voiceKeySealed ? this.secrets.open(row.voiceKeySealed, sealContext(companyId, 'voiceKey')) : '',
      voiceRegion: row.voiceRegion,
    };
  }

  // ---- internals ---------------------------------------------------------------------------

  /** The queue is the tickets service's: ERR_VALIDATION on queueId when it is not the company's. */
  private requireQueue(actor: Actor, queueId: number): Promise<void> {
    return requireReferences(this.rpc, TicketsSubjects.referencesMissing, actor, { queueIds: [queueId] }, { queueIds: 'queueId' });
  }

  private async queueNames(actor: Actor): Promise<Map<number, string>> {
    const queues = await this.rpc.request(TicketsSubjects.queuesList, {}, { actor });
    return new Map(queues.map((queue) => [queue.id, queue.name]));
  }

  private async present(actor: Actor, row: PromptRow): Promise<PromptView> {
    return toPromptView(row, (await this.queueNames(actor)).get(row.queueId));
  }
}
