import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  DEFAULT_SCHEDULE,
  ErrorCode,
  missingOf,
  type Actor,
  type MissingReferences,
  type QueueDto,
  type QueueView,
  type TicketsReferencesDto,
  type UpdateQueueDto,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import type { Logger } from '@atrium/logging';
import { IntegrationOutbox, requireAiReferences, RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { lockFor, PlanLimits, requireAdmin, withinLimit } from '@atrium/kernel';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { toQueueView } from './queue.view.js';
import { QUEUE_COLOR_UNIQUE, QueuesRepository } from './queues.repository.js';

/** Ticket views fetched per query when a deleted queue's tickets are announced. */
export const UNQUEUED_VIEWS_CHUNK = 200;

/** Queues' basic data (spec 001 "Queues"): everyone reads them, admins manage them within the plan's limit. */
@Injectable()
export class QueuesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(QueuesRepository) private readonly queues: QueuesRepository,
    @Inject(PlanLimits) private readonly plans: PlanLimits,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

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
        return toQueueView(
          await this.queues.insert(tx, { companyId: actor.companyId, ...dto, schedules: dto.schedules ?? [...DEFAULT_SCHEDULE] }),
        );
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
        const row = await this.queues.update(tx, actor.companyId, id, dto);
        if (!row) throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
        return toQueueView(row);
      }),
    );
    this.events.queueSaved('update', view);
    return view;
  }

  /**
   * Tickets of the queue keep living without queue ('SEM FILA'; the foreign key sets it null).
   * The queue's row is locked first, so no ticket moves into it unseen; the tickets it held are
   * announced after the commit: an update with the new view to whoever may see them now, a
   * delete to those who saw them only through the queue.
   */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    const ticketIds = await this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.queues.lockById(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
      const held = await this.tickets.idsInQueue(tx, actor.companyId, id);
      await this.queues.delete(tx, actor.companyId, id);
      // identity takes it out of its members' queues
      await this.outbox.add(tx, 'queue.deleted', actor.companyId, { queueId: id });
      return held;
    });
    this.events.queueDeleted(actor.companyId, id);
    await this.announceUnqueued(actor.companyId, id, ticketIds);
    return { message: 'Queue deleted' };
  }

  /** Best effort once the delete committed: a failure is logged, the delete stands. Views are read a chunk at a time. */
  private async announceUnqueued(companyId: number, queueId: number, ticketIds: number[]): Promise<void> {
    try {
      for (let start = 0; start < ticketIds.length; start += UNQUEUED_VIEWS_CHUNK) {
        const chunk = ticketIds.slice(start, start + UNQUEUED_VIEWS_CHUNK);
        const views = await this.database.withTenant(companyId, (tx) => this.views.many(tx, companyId, chunk));
        for (const view of views) this.events.ticketUpdated(view, { queueId, userId: view.userId, status: view.status });
      }
    } catch (error) {
      this.logger.warn({ err: error, companyId, queueId, tickets: ticketIds.length }, 'tickets of a deleted queue not all announced');
    }
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
