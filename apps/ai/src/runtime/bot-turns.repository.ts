import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TicketMessageHandedToBot } from '@atrium/contracts';
import { botTurns, type BotTurnStatus, type FlowTimerKind } from '../db/schema.js';
import type { AiTx } from '../shared/ai-database.js';

export type BotTurnRow = typeof botTurns.$inferSelect;

/** The only code that touches `bot_turns` (besides its leases, BotTurnsConsumer's RowLeases): customer messages and flow timers, a ticket's turns. */
@Injectable()
export class BotTurnsRepository {
  /** Stores a handed message once (a redelivered event inserts nothing). */
  async insertIfAbsent(tx: AiTx, companyId: number, event: TicketMessageHandedToBot): Promise<void> {
    await tx
      .insert(botTurns)
      .values({ companyId, ticketId: event.ticketId, sequence: event.sequence, event })
      .onConflictDoNothing({
        target: [botTurns.companyId, botTurns.ticketId, botTurns.sequence],
        where: sql`${botTurns.timerStep} is null`,
      });
  }

  /**
   * Stores a flow timer that fired as a turn of its ticket, once per step, placed after the
   * ticket's turns stored so far (the highest sequence; turns order by sequence, then id).
   */
  async insertTimerIfAbsent(tx: AiTx, companyId: number, timer: { ticketId: number; step: number; timer: FlowTimerKind }): Promise<void> {
    const { ticketId } = timer;
    const after = sql`(select coalesce(max(sequence), 0) from ai.bot_turns where company_id = ${companyId} and ticket_id = ${ticketId})`;
    await tx
      .insert(botTurns)
      .values({ companyId, ticketId, sequence: after, timerStep: timer.step, timer: timer.timer })
      .onConflictDoNothing({
        target: [botTurns.companyId, botTurns.ticketId, botTurns.timerStep],
        where: sql`${botTurns.timerStep} is not null`,
      });
  }

  /** The turn, while it is still pending (a released bot dropped it meanwhile: undefined). */
  async pending(tx: AiTx, companyId: number, id: number): Promise<BotTurnRow | undefined> {
    const [row] = await tx
      .select()
      .from(botTurns)
      .where(and(eq(botTurns.companyId, companyId), eq(botTurns.id, id), eq(botTurns.status, 'pending')));
    return row;
  }

  async mark(tx: AiTx, companyId: number, id: number, status: BotTurnStatus): Promise<void> {
    await tx
      .update(botTurns)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(botTurns.companyId, companyId), eq(botTurns.id, id)));
  }

  /**
   * Marks a running turn done unless it is done already, locking it until the transaction ends;
   * answers whether it was not. A turn dropped while it ran (its walk released the bot: a transfer,
   * an end) still finishes: only the turns after it were meant.
   */
  async finishRunning(tx: AiTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .update(botTurns)
      .set({ status: 'done', updatedAt: sql`now()` })
      .where(and(eq(botTurns.companyId, companyId), eq(botTurns.id, id), inArray(botTurns.status, ['pending', 'dropped'])))
      .returning({ id: botTurns.id });
    return rows.length > 0;
  }

  /** Drops the ticket's pending turns (the bot was released); answers how many. */
  async dropPending(tx: AiTx, companyId: number, ticketId: number): Promise<number> {
    const rows = await tx
      .update(botTurns)
      .set({ status: 'dropped', updatedAt: sql`now()` })
      .where(and(eq(botTurns.companyId, companyId), eq(botTurns.ticketId, ticketId), eq(botTurns.status, 'pending')))
      .returning({ id: botTurns.id });
    return rows.length;
  }
}
