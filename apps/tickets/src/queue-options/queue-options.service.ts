import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type QueueOptionDto,
  type QueueOptionsQueryDto,
  type QueueOptionView,
  type UpdateQueueOptionDto,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { DATABASE } from '@atrium/service-kit';
import { requireAdmin } from '@atrium/kernel';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import { toQueueOptionView } from './queue-option.view.js';
import { QUEUE_OPTION_SIBLING_UNIQUE, QueueOptionsRepository } from './queue-options.repository.js';

const invalid = (field: string, message: string) => new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: [message] }] });
const optionTaken = () => invalid('option', 'option number already used under this parent');

/**
 * A queue's option tree (spec 001 "Queue option"): everyone reads it, admins manage it. A parent
 * must be an option of the same queue (of the caller's company: row-level security hides the
 * others); an option number is unique among siblings (the unique index settles races).
 */
@Injectable()
export class QueueOptionsService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(QueueOptionsRepository) private readonly options: QueueOptionsRepository,
    @Inject(QueuesRepository) private readonly queues: QueuesRepository,
  ) {}

  list(actor: Actor, query: QueueOptionsQueryDto): Promise<QueueOptionView[]> {
    return this.database.withTenant(actor.companyId, async (tx) =>
      (await this.options.level(tx, actor.companyId, query.queueId, query.parentId ?? null)).map(toQueueOptionView),
    );
  }

  create(actor: Actor, dto: QueueOptionDto): Promise<QueueOptionView> {
    requireAdmin(actor);
    return this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        if (!(await this.queues.findById(tx, actor.companyId, dto.queueId))) throw invalid('queueId', 'no such queue');
        const parentId = dto.parentId ?? null;
        if (parentId !== null) {
          const parent = await this.options.findById(tx, actor.companyId, parentId);
          if (!parent) throw invalid('parentId', 'no such option');
          if (parent.queueId !== dto.queueId) throw invalid('parentId', 'the parent belongs to another queue');
        }
        const row = { companyId: actor.companyId, queueId: dto.queueId, parentId, option: dto.option };
        if (await this.options.optionTaken(tx, row)) throw optionTaken();
        return toQueueOptionView(await this.options.insert(tx, { ...row, title: dto.title, message: dto.message ?? '' }));
      }),
    );
  }

  update(actor: Actor, id: number, dto: UpdateQueueOptionDto): Promise<QueueOptionView> {
    requireAdmin(actor);
    return this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        const current = await this.options.findById(tx, actor.companyId, id);
        if (!current) throw new AppError(ErrorCode.ERR_NOT_FOUND);
        if (dto.option !== undefined && (await this.options.optionTaken(tx, { ...current, option: dto.option }, id))) throw optionTaken();
        const row = await this.options.update(tx, actor.companyId, id, { title: dto.title, message: dto.message, option: dto.option });
        return toQueueOptionView(row!);
      }),
    );
  }

  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    const deleted = await this.database.withTenant(actor.companyId, (tx) => this.options.delete(tx, actor.companyId, id));
    if (!deleted) throw new AppError(ErrorCode.ERR_NOT_FOUND);
    return { message: 'Option deleted' };
  }

  /** Two saves of one option number under one parent at once: the unique index decides, and the loser hears why. */
  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, QUEUE_OPTION_SIBLING_UNIQUE)) throw optionTaken();
      throw error;
    }
  }
}
