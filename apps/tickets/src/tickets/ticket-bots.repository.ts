import { ofCompanies, type Companies } from '@atrium/database';
import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BotRef } from '@atrium/contracts';
import { ticketBots } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type TicketBotRow = typeof ticketBots.$inferSelect;
export type TicketBotChange = Partial<Omit<typeof ticketBots.$inferInsert, 'ticketId' | 'companyId'>>;

/** A ticket's row before the automaton's first change (the table's defaults). */
export function newPosition(companyId: number, ticketId: number, now: Date): TicketBotRow {
  return {
    ticketId,
    companyId,
    stage: 'idle',
    optionId: null,
    invalidReplies: 0,
    silentUntil: null,
    outOfHoursAt: null,
    bot: null,
    sequence: 0,
    released: false,
    actStep: 0,
    updatedAt: now,
  };
}

/** The automaton's position per ticket (table `ticket_bots`, one row per ticket the automaton has seen). */
@Injectable()
export class TicketBotsRepository {
  async find(tx: TicketsTx, companyId: number, ticketId: number): Promise<TicketBotRow | undefined> {
    const [row] = await tx
      .select()
      .from(ticketBots)
      .where(and(eq(ticketBots.companyId, companyId), eq(ticketBots.ticketId, ticketId)));
    return row;
  }

  /** `companies`: a company, or the companies of a group's transaction. */
  async findMany(tx: TicketsTx, companies: Companies, ticketIds: number[]): Promise<Map<number, TicketBotRow>> {
    if (ticketIds.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(ticketBots)
      .where(and(ofCompanies(ticketBots.companyId, companies), inArray(ticketBots.ticketId, [...new Set(ticketIds)])));
    return new Map(rows.map((row) => [row.ticketId, row]));
  }

  /**
   * Records `step` as the ticket's last applied bot step, under the row's lock; false when it was
   * applied already (a replay after the bot's process died mid-walk).
   */
  async claimStep(tx: TicketsTx, companyId: number, ticketId: number, step: number): Promise<boolean> {
    const rows = await tx
      .update(ticketBots)
      .set({ actStep: step, updatedAt: new Date() })
      .where(and(eq(ticketBots.companyId, companyId), eq(ticketBots.ticketId, ticketId), sql`${ticketBots.actStep} < ${step}`))
      .returning({ ticketId: ticketBots.ticketId });
    return rows.length > 0;
  }

  /** Writes the ticket's position (creating its row on the first change). */
  async save(tx: TicketsTx, companyId: number, ticketId: number, change: TicketBotChange): Promise<void> {
    await tx
      .insert(ticketBots)
      .values({ ticketId, companyId, ...change, updatedAt: new Date() })
      .onConflictDoUpdate({ target: ticketBots.ticketId, set: { ...change, updatedAt: new Date() } });
  }

  /** Writes several tickets' menu positions in one statement (rows locked in ticket order); the rest of each row is left as it is. */
  async savePositions(tx: TicketsTx, companyId: number, rows: TicketBotRow[]): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      [...rows]
        .sort((a, b) => a.ticketId - b.ticketId)
        .map(
          (row) =>
            sql`(${row.ticketId}::int, ${companyId}::int, ${row.stage}::varchar, ${row.optionId}::int, ${row.invalidReplies}::int, ${row.silentUntil}::timestamptz, ${row.outOfHoursAt}::timestamptz)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into ${ticketBots} (ticket_id, company_id, stage, option_id, invalid_replies, silent_until, out_of_hours_at)
      values ${values}
      on conflict (ticket_id) do update set
        stage = excluded.stage,
        option_id = excluded.option_id,
        invalid_replies = excluded.invalid_replies,
        silent_until = excluded.silent_until,
        out_of_hours_at = excluded.out_of_hours_at,
        updated_at = now()`);
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
