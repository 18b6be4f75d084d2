import { Injectable } from '@nestjs/common';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { TicketMessageHandedToBot } from '@atrium/contracts';
import { botTurns, type BotTurnStatus } from '../db/schema.js';
import type { AiTx } from '../shared/ai-database.js';

export type BotTurnRow = typeof botTurns.$inferSelect;

/** The only code that touches `bot_turns`. */
@Injectable()
export class BotTurnsRepository {
  /** Stores a handed message once (a redelivered event inserts nothing). */
  async insertIfAbsent(tx: AiTx, companyId: number, event: TicketMessageHandedToBot): Promise<void> {
    await tx
      .insert(botTurns)
      .values({ companyId, ticketId: event.ticketId, sequence: event.sequence, event })
      .onConflictDoNothing({ target: [botTurns.companyId, botTurns.ticketId, botTurns.sequence] });
  }

  /** The ticket's pending turn with the lowest sequence. */
  async nextPending(tx: AiTx, companyId: number, ticketId: number): Promise<BotTurnRow | undefined> {
    const [row] = await tx
      .select()
      .from(botTurns)
      .where(and(eq(botTurns.companyId, companyId), eq(botTurns.ticketId, ticketId), eq(botTurns.status, 'pending')))
      .orderBy(asc(botTurns.sequence))
      .limit(1);
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

  /** Tickets of every company with a pending turn stored before `before` (system scope: the sweeper). */
  async stalledTickets(tx: AiTx, before: Date, limit: number): Promise<Array<{ companyId: number; ticketId: number }>> {
    return tx
      .selectDistinct({ companyId: botTurns.companyId, ticketId: botTurns.ticketId })
      .from(botTurns)
      .where(and(eq(botTurns.status, 'pending'), lt(botTurns.updatedAt, before)))
      .limit(limit);
  }
}
