import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BotRef } from '@atrium/contracts';
import { ticketBots } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type TicketBotRow = typeof ticketBots.$inferSelect;
export type TicketBotChange = Partial<Omit<typeof ticketBots.$inferInsert, 'ticketId' | 'companyId'>>;

/** The automaton's position per ticket (table `ticket_bots`, one row per ticket the automaton has seen). */
@Injectable()
export class TicketBotsRepository {
  async find(tx: TicketsTx, companyId: number, ticketId: number): Promise<TicketBotRow | undefined> {
    const [row] = await tx.select().from(ticketBots).where(and(eq(ticketBots.companyId, companyId), eq(ticketBots.ticketId, ticketId)));
    return row;
  }

  async findMany(tx: TicketsTx, companyId: number, ticketIds: number[]): Promise<Map<number, TicketBotRow>> {
    if (ticketIds.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(ticketBots)
      .where(and(eq(ticketBots.companyId, companyId), inArray(ticketBots.ticketId, [...new Set(ticketIds)])));
    return new Map(rows.map((row) => [row.ticketId, row]));
  }

  /** Writes the ticket's position (creating its row on the first change); answers the row as written. */
  async save(tx: TicketsTx, companyId: number, ticketId: number, change: TicketBotChange): Promise<TicketBotRow> {
    const [row] = await tx
      .insert(ticketBots)
      .values({ ticketId, companyId, ...change, updatedAt: new Date() })
      .onConflictDoUpdate({ target: ticketBots.ticketId, set: { ...change, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /** The next hand-off sequence of the ticket (1 for its first handed message), recording the bot that drives it. */
  async nextSequence(tx: TicketsTx, companyId: number, ticketId: number, bot: BotRef): Promise<number> {
    const [row] = await tx
      .insert(ticketBots)
      .values({ ticketId, companyId, bot, sequence: 1, stage: 'bot' })
      .onConflictDoUpdate({
        target: ticketBots.ticketId,
        set: { bot, sequence: sql`${ticketBots.sequence} + 1`, stage: 'bot', updatedAt: new Date() },
      })
      .returning({ sequence: ticketBots.sequence });
    return row!.sequence;
  }
}
