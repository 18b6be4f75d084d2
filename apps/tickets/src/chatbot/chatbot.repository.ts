import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { queueOptions, queues } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type BotQueueRow = Pick<
  typeof queues.$inferSelect,
  'id' | 'name' | 'greetingMessage' | 'outOfHoursMessage' | 'orderQueue' | 'promptId' | 'integrationId' | 'flowId' | 'schedules'
>;
export type BotOptionRow = Pick<typeof queueOptions.$inferSelect, 'id' | 'parentId' | 'option' | 'title' | 'message'>;

/** What the automaton reads of queues and option trees. */
@Injectable()
export class ChatbotRepository {
  /** The company's queues among these ids, in menu order (`orderQueue`, then id). */
  async queues(tx: TicketsTx, companyId: number, ids: number[]): Promise<BotQueueRow[]> {
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
      .where(and(eq(queues.companyId, companyId), inArray(queues.id, [...new Set(ids)])));
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
