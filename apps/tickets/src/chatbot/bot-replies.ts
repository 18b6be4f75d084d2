import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { botReplies } from '../db/schema.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';

/** Texts the automaton answers one ticket, in order. */
export interface BotReply {
  companyId: number;
  ticketId: number;
  texts: string[];
  /** Sent even though the ticket is closed (completion, inactivity). */
  toClosed?: boolean;
}

/** A ticket whose row of `bot_replies` a sender must drain. */
export interface DueReplies {
  companyId: number;
  ticketId: number;
  /** For a row just queued: its first text (no need to read it back). */
  first?: DueText;
}

/** The next text due of a ticket's row. */
export interface DueText {
  text: string;
  toClosed: boolean;
  /** Names this reply (its row's seq and its index): its message id derives from it, so sending it again is the same message. */
  key: string;
}

/** A reply's key: its row and its place in it. */
function replyKey(seq: number, index: number): string {
  return `${seq}.${index}`;
}

/**
 * The automaton's replies not sent yet (table `bot_replies`, one row per ticket): queued in the
 * transaction that moved the conversation, so a crash after its commit loses none, then drained
 * text by text by one sender, which renews the row's lease as it goes (`leased_by`,
 * `leased_until`: the shape of libs/jobs RowLeases, ADR 020). Replies of a ticket that still has
 * a row are appended to it: its sender sends them after the earlier ones, in order. Once a lease
 * lapses (its sender died) the row is claimed by another sender (BotReplySender's LeasedWork),
 * which sends again the text the dead one may have sent: each text has its own message id
 * (`key`), so the customer gets it once whether it had gone out or not.
 */
@Injectable()
export class BotReplyOutbox {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  private lease() {
    return sql`now() + ${this.config.BOT_REPLY_LEASE_MS} * interval '1 millisecond'`;
  }

  /**
   * Queues the replies in the caller's transaction; answers the tickets whose row this created,
   * leased to `owner` (the caller drains them after the commit; a row appended to keeps its lease).
   */
  async queue(tx: TicketsTx, replies: BotReply[], owner: string): Promise<DueReplies[]> {
    const merged = new Map<number, BotReply>();
    for (const reply of replies) {
      if (reply.texts.length === 0) continue;
      const known = merged.get(reply.ticketId);
      merged.set(
        reply.ticketId,
        known ? { ...known, texts: [...known.texts, ...reply.texts], toClosed: known.toClosed || reply.toClosed } : reply,
      );
    }
    if (merged.size === 0) return [];
    // rows locked in ticket order, as advanceMany locks them: two transactions cannot deadlock on them
    const rows = await tx
      .insert(botReplies)
      .values(
        [...merged.values()]
          .sort((a, b) => a.ticketId - b.ticketId)
          .map((reply) => ({
            ticketId: reply.ticketId,
            companyId: reply.companyId,
            texts: reply.texts,
            toClosed: reply.toClosed ?? false,
            leasedBy: owner,
            leasedUntil: this.lease(),
          })),
      )
      .onConflictDoUpdate({
        target: botReplies.ticketId,
        set: { texts: sql`${botReplies.texts} || excluded.texts`, toClosed: sql`${botReplies.toClosed} or excluded.to_closed` },
      })
      .returning({
        companyId: botReplies.companyId,
        ticketId: botReplies.ticketId,
        seq: botReplies.seq,
        texts: botReplies.texts,
        toClosed: botReplies.toClosed,
        created: sql<boolean>`xmax = 0`,
      });
    return rows
      .filter((row) => row.created)
      .map(({ companyId, ticketId, seq, texts, toClosed }) => ({
        companyId,
        ticketId,
        first: { text: texts[0]!, toClosed, key: replyKey(seq, 0) },
      }));
  }

  /**
   * The first text due of the ticket's row, or undefined when it has none. For a row taken from a
   * dead sender, it is the text that sender may have been sending: sent again under its key, it
   * reaches the customer once (and finds the message the dead sender stored, MessageSender).
   */
  async first(companyId: number, ticketId: number): Promise<DueText | undefined> {
    const [row] = await this.database.withTenant(companyId, (tx) => tx.select().from(botReplies).where(eq(botReplies.ticketId, ticketId)));
    if (!row || row.sent >= row.texts.length) return undefined;
    return { text: row.texts[row.sent]!, toClosed: row.toClosed, key: replyKey(row.seq, row.sent) };
  }

  /**
   * Records the texts due of several tickets of a company (each drained by one sender) as sent, in
   * the caller's transaction (the one that records their sends, MessageSender), renewing the
   * leases: the rows locked in ticket order and moved on in one statement, the drained ones
   * deleted in a second (locked: nothing can be appended to them meanwhile). Answers each
   * ticket's next text, or undefined once none is left (the row goes).
   */
  async advanceMany(tx: TicketsTx, companyId: number, ticketIds: number[]): Promise<Array<DueText | undefined>> {
    if (ticketIds.length === 0) return [];
    const locked = tx
      .select({ ticketId: botReplies.ticketId })
      .from(botReplies)
      .where(inArray(botReplies.ticketId, ticketIds))
      .orderBy(asc(botReplies.ticketId))
      .for('update')
      .as('locked');
    const rows = await tx
      .update(botReplies)
      .set({ sent: sql`${botReplies.sent} + 1`, leasedUntil: this.lease() })
      .from(locked)
      .where(eq(botReplies.ticketId, locked.ticketId))
      .returning({
        ticketId: botReplies.ticketId,
        seq: botReplies.seq,
        texts: botReplies.texts,
        sent: botReplies.sent,
        toClosed: botReplies.toClosed,
      });
    const drained = rows.filter((row) => row.sent >= row.texts.length).map((row) => row.ticketId);
    if (drained.length > 0) await tx.delete(botReplies).where(inArray(botReplies.ticketId, drained));
    const byTicket = new Map(rows.map((row) => [row.ticketId, row]));
    return ticketIds.map((id) => {
      const row = byTicket.get(id);
      return row && row.sent < row.texts.length
        ? { text: row.texts[row.sent]!, toClosed: row.toClosed, key: replyKey(row.seq, row.sent) }
        : undefined;
    });
  }

  /** Gives up the ticket's remaining replies (the ticket closed, or a send failed). */
  async drop(companyId: number, ticketId: number): Promise<void> {
    await this.database.withTenant(companyId, (tx) => tx.delete(botReplies).where(eq(botReplies.ticketId, ticketId)));
  }
}
