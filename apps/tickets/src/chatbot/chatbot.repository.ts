import { Inject, Injectable } from '@nestjs/common';
import { ofCompanies, type Companies } from '@atrium/database';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { queueOptions, queues } from '../db/schema.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { NO_AUTOMATION, type BotConnection } from './chatbot-planner.js';

export type BotQueueRow = Pick<
  typeof queues.$inferSelect,
  'id' | 'name' | 'greetingMessage' | 'outOfHoursMessage' | 'orderQueue' | 'promptId' | 'integrationId' | 'flowId' | 'schedules'
>;
export type BotOptionRow = Pick<typeof queueOptions.$inferSelect, 'id' | 'parentId' | 'option' | 'title' | 'message'>;

/** What the automaton reads of connections, queues and option trees. */
@Injectable()
export class ChatbotRepository {
  constructor(@Inject(DirectoryRepository) private readonly directory: DirectoryRepository) {}

  /** The connections among these ids (the directory's copy), a field their view lacks (an older sessions) at its default. */
  /** `companies`: a company, or the companies of a group's transaction. */
  async connections(tx: TicketsTx, companies: Companies, ids: Array<number | null>): Promise<Map<number, BotConnection>> {
    const wanted = [...new Set(ids.flatMap((id) => (id === null ? [] : [id])))];
    const refs = new Map((await this.directory.whatsappsByIds(tx, companies, wanted)).map((ref) => [ref.id, ref] as const));
    return new Map(
      wanted.map(
        (id) => [id, { automation: { ...NO_AUTOMATION, ...refs.get(id)?.automation }, queueIds: refs.get(id)?.queueIds ?? [] }] as const,
      ),
    );
  }

  /** The company's queues among these ids, in menu order (`orderQueue`, then id). */
  async queues(tx: TicketsTx, companies: Companies, ids: number[]): Promise<BotQueueRow[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: queues.id,
        name: queues.name,
        greetingMessage: queues.greetingMessage,
        outOfHoursMessage: queues.outOfHoursMessage,
        orderQueue: queues.orderQueue,
        promptId: queues.promptId,
        integrationId: queues.integrationId,
        flowId: queues.flowId,
        schedules: queues.schedules,
      })
      .from(queues)
      .where(and(ofCompanies(queues.companyId, companies), inArray(queues.id, [...new Set(ids)])));
    return rows.sort((a, b) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
  }

  /**
   * Every option of the queue's tree. Async on purpose: a drizzle query is a thenable that runs
   * again at every `await`, and the automaton shares this answer among a batch's tickets.
   */
  async options(tx: TicketsTx, companyId: number, queueId: number): Promise<BotOptionRow[]> {
    return tx
      .select({
        id: queueOptions.id,
        parentId: queueOptions.parentId,
        option: queueOptions.option,
        title: queueOptions.title,
        message: queueOptions.message,
      })
      .from(queueOptions)
      .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, queueId)))
      .orderBy(asc(queueOptions.option));
  }
}
