import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
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

  /** Stores a flow timer that fired as a turn of its ticket, after the message its walk followed; once per step. */
  async insertTimerIfAbsent(
    tx: AiTx,
    companyId: number,
    timer: { ticketId: number; sequence: number; step: number; timer: FlowTimerKind },
  ): Promise<void> {
    await tx
      .insert(botTurns)
      .values({ companyId, ticketId: timer.ticketId, sequence: timer.sequence, timerStep: timer.step, timer: timer.timer })
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
