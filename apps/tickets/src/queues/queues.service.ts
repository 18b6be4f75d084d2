import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  DEFAULT_SCHEDULE,
  ErrorCode,
  missingOf,
  READ_MODEL_PAGE_SIZE,
  type Actor,
  type MissingReferences,
  type QueueDto,
  type QueueRefRecord,
  type QueueView,
  type TicketsReferencesDto,
  type UpdateQueueDto,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { AuditTrail, IntegrationOutbox, requireAiReferences, RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { lockFor, PlanLimits, requireAdmin, withinLimit } from '@atrium/kernel';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { DeleteQueue } from './delete-queue.js';
import { auditedQueue, toQueueView } from './queue.view.js';
import { QUEUE_COLOR_UNIQUE, QueuesRepository } from './queues.repository.js';

/** Queues' basic data (spec 001 "Queues"): everyone reads them, admins manage them within the plan's limit. */
@Injectable()
export class QueuesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(QueuesRepository) private readonly queues: QueuesRepository,
    @Inject(PlanLimits) private readonly plans: PlanLimits,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(DeleteQueue) private readonly deleting: DeleteQueue,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** A page of every company's queues for identity's read model (libs/contracts read-models.ts). */
  refs(afterId: number): Promise<QueueRefRecord[]> {
    return this.database.asSystem((tx) => this.queues.refs(tx, afterId, READ_MODEL_PAGE_SIZE));
  }

  list(actor: Actor): Promise<QueueView[]> {
    return this.database.withTenant(actor.companyId, async (tx) => (await this.queues.list(tx, actor.companyId)).map(toQueueView));
  }

  show(actor: Actor, id: number): Promise<QueueView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.queues.findById(tx, actor.companyId, id);
      if (!row) throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
      return toQueueView(row);
    });
  }

  /** Which of these ids are not queues of the actor's company (other services ask before storing one). */
  missing(actor: Actor, dto: TicketsReferencesDto): Promise<MissingReferences<'queueIds'>> {
    return this.database.withTenant(actor.companyId, async (tx) =>
      missingOf(
        { queueIds: dto.queueIds },
        { queueIds: await this.queues.existing(tx, actor.companyId, [...new Set(dto.queueIds ?? [])]) },
      ),
    );
  }

  async create(actor: Actor, dto: QueueDto): Promise<QueueView> {
    requireAdmin(actor);
    await requireAiReferences(this.rpc, actor, { promptId: dto.promptId, integrationId: dto.integrationId, flowId: dto.flowId });
    const limit = await this.plans.of(actor, 'queues');
    const view = await this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        // serialise creations of one company, so two at once cannot both pass the limit
        await lockFor(tx, 'queues.create', actor.companyId);
        if (!withinLimit(limit, await this.queues.count(tx, actor.companyId))) throw new AppError(ErrorCode.ERR_QUEUE_LIMIT_REACHED);
        if (await this.queues.colorTaken(tx, actor.companyId, dto.color)) throw new AppError(ErrorCode.ERR_QUEUE_COLOR_ALREADY_EXISTS);
        const row = await this.queues.insert(tx, { companyId: actor.companyId, ...dto, schedules: dto.schedules ?? [...DEFAULT_SCHEDULE] });
        await this.outbox.add(tx, 'queue.saved', actor.companyId, { queue: { id: row.id, name: row.name, color: row.color } });
        const created = toQueueView(row);
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'queue.created',
          entityType: 'queue',
          entityId: row.id,
          after: auditedQueue(created),
        });
        return created;
      }),
    );
    this.events.queueSaved('create', view);
    return view;
  }

  async update(actor: Actor, id: number, dto: UpdateQueueDto): Promise<QueueView> {
    requireAdmin(actor);
    await requireAiReferences(this.rpc, actor, { promptId: dto.promptId, integrationId: dto.integrationId, flowId: dto.flowId });
    const view = await this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        if (dto.color !== undefined && (await this.queues.colorTaken(tx, actor.companyId, dto.color, id))) {
          throw new AppError(ErrorCode.ERR_QUEUE_COLOR_ALREADY_EXISTS);
        }
        const current = await this.queues.findById(tx, actor.companyId, id);
        const row = current && (await this.queues.update(tx, actor.companyId, id, dto));
        if (!current || !row) throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
        await this.audit.record(tx, actor.companyId, {
          actor,
          action: 'queue.updated',
          entityType: 'queue',
          entityId: id,
          before: auditedQueue(toQueueView(current)),
          after: auditedQueue(toQueueView(row)),
        });
        // other services keep the name and colour (identity's read model)
        if (dto.name !== undefined || dto.color !== undefined) {
          await this.outbox.add(tx, 'queue.saved', actor.companyId, { queue: { id: row.id, name: row.name, color: row.color } });
        }
        return toQueueView(row);
      }),
    );
    this.events.queueSaved('update', view);
    return view;
  }

  /** Deletes the queue, its tickets left without one (DeleteQueue). */
  delete(actor: Actor, id: number): Promise<{ message: string }> {
    return this.deleting.delete(actor, id);
  }

  /** Two saves of one colour at once: the unique index decides, and the loser hears why. */
  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, QUEUE_COLOR_UNIQUE)) throw new AppError(ErrorCode.ERR_QUEUE_COLOR_ALREADY_EXISTS);
      throw error;
    }
  }
}
