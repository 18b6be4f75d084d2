import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { storableText } from '@atrium/contracts';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { botReplies, messages } from '../db/schema.js';
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
  /** For a row taken from a dead sender: when it last recorded a text as sent (`first` looks for the one it may have been sending). */
  since?: Date;
  /** For a row just queued: its first text (no need to read it back). */
  first?: DueText;
}

/** The next text due of a ticket's row. */
export interface DueText {
  text: string;
  toClosed: boolean;
}

/**
 * The automaton's replies not sent yet (table `bot_replies`, one row per ticket): queued in the
 * transaction that moved the conversation, so a crash after its commit loses none, then drained
 * text by text by one sender, which renews the row's lease as it goes. Replies of a ticket that
 * still has a row are appended to it: its sender sends them after the earlier ones, in order.
 * Once a lease lapses (its sender died) `takeLapsed` hands the row to another sender.
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

  /** Queues the replies in the caller's transaction; answers the tickets whose row this created (the caller drains them after the commit). */
  async queue(tx: TicketsTx, replies: BotReply[]): Promise<DueReplies[]> {
    const merged = new Map<number, BotReply>();
    for (const reply of replies) {
      if (reply.texts.length === 0) continue;
      const known = merged.get(reply.ticketId);
      merged.set(reply.ticketId, known ? { ...known, texts: [...known.texts, ...reply.texts], toClosed: known.toClosed || reply.toClosed } : reply);
    }
    if (merged.size === 0) return [];
    // rows locked in ticket order, as advanceMany locks them: two transactions cannot deadlock on them
    const rows = await tx
      .insert(botReplies)
      .values([...merged.values()].sort((a, b) => a.ticketId - b.ticketId).map((reply) => ({ ticketId: reply.ticketId, companyId: reply.companyId, texts: reply.texts, toClosed: reply.toClosed ?? false, dueAt: this.lease() })))
      .onConflictDoUpdate({
        target: botReplies.ticketId,
        set: { texts: sql`${botReplies.texts} || excluded.texts`, toClosed: sql`${botReplies.toClosed} or excluded.to_closed` },
      })
      .returning({ companyId: botReplies.companyId, ticketId: botReplies.ticketId, texts: botReplies.texts, toClosed: botReplies.toClosed, created: sql<boolean>`xmax = 0` });
    return rows.filter((row) => row.created).map(({ companyId, ticketId, texts, toClosed }) => ({ companyId, ticketId, first: { text: texts[0]!, toClosed } }));
  }

  /**
   * The first text due of the ticket's row, or undefined when it has none. For a row taken from a
   * dead sender (`since`): when that sender had already stored the text as a message (stored before
   * it is sent, MessageSender) it has, or may have, reached the customer: it is not sent again but
   * counted as sent (it stays in the conversation, as any send whose answer never came).
   */
  async first(companyId: number, ticketId: number, since?: Date): Promise<DueText | undefined> {
    const [row] = await this.database.withTenant(companyId, (tx) => tx.select().from(botReplies).where(eq(botReplies.ticketId, ticketId)));
    if (!row || row.sent >= row.texts.length) return undefined;
    const text = row.texts[row.sent]!;
    if (since && (await this.storedSince(companyId, ticketId, text, since))) return this.advance(companyId, ticketId);
    return { text, toClosed: row.toClosed };
  }

  /** Whether one of our messages with this text was stored on the ticket since then (sent, or perhaps sent: its answer never came). */
  private async storedSince(companyId: number, ticketId: number, text: string, since: Date): Promise<boolean> {
    const found = await this.database.withTenant(companyId, (tx) =>
      tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true), eq(messages.body, storableText(text)), gte(messages.createdAt, since)))
        .limit(1),
    );
    return found.length > 0;
  }

  /** Records the text due as sent (renewing the lease); answers the next one, or undefined once none is left (the row goes). */
  async advance(companyId: number, ticketId: number): Promise<DueText | undefined> {
    const [next] = await this.advanceMany(companyId, [ticketId]);
    return next;
  }

  /**
   * `advance` for several tickets of a company (each drained by one sender) in one transaction:
   * the rows locked in ticket order and moved on in one statement, the drained ones deleted in a
   * second (locked: nothing can be appended to them meanwhile). Answers each ticket's next text.
   */
  async advanceMany(companyId: number, ticketIds: number[]): Promise<Array<DueText | undefined>> {
    if (ticketIds.length === 0) return [];
    return this.database.withTenant(companyId, async (tx) => {
      const locked = tx
        .select({ ticketId: botReplies.ticketId })
        .from(botReplies)
        .where(inArray(botReplies.ticketId, ticketIds))
        .orderBy(asc(botReplies.ticketId))
        .for('update')
        .as('locked');
      const rows = await tx
        .update(botReplies)
        .set({ sent: sql`${botReplies.sent} + 1`, dueAt: this.lease() })
        .from(locked)
        .where(eq(botReplies.ticketId, locked.ticketId))
        .returning({ ticketId: botReplies.ticketId, texts: botReplies.texts, sent: botReplies.sent, toClosed: botReplies.toClosed });
      const drained = rows.filter((row) => row.sent >= row.texts.length).map((row) => row.ticketId);
      if (drained.length > 0) await tx.delete(botReplies).where(inArray(botReplies.ticketId, drained));
      const byTicket = new Map(rows.map((row) => [row.ticketId, row]));
      return ticketIds.map((id) => {
        const row = byTicket.get(id);
        return row && row.sent < row.texts.length ? { text: row.texts[row.sent]!, toClosed: row.toClosed } : undefined;
      });
    });
  }

  /** Gives up the ticket's remaining replies (the ticket closed, or a send failed). */
  async drop(companyId: number, ticketId: number): Promise<void> {
    await this.database.withTenant(companyId, (tx) => tx.delete(botReplies).where(eq(botReplies.ticketId, ticketId)));
  }

  /** Rows whose lease lapsed (their sender died), taken with a new lease by the caller, at most `limit`. */
  async takeLapsed(limit: number): Promise<DueReplies[]> {
    return this.database.asSystem(async (tx) => {
      const lapsed = await tx
        .select({ ticketId: botReplies.ticketId, since: sql<string>`${botReplies.dueAt} - ${this.config.BOT_REPLY_LEASE_MS} * interval '1 millisecond'` })
        .from(botReplies)
        .where(lt(botReplies.dueAt, sql`now()`))
        .orderBy(asc(botReplies.dueAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (lapsed.length === 0) return [];
      const since = new Map(lapsed.map((row) => [row.ticketId, new Date(row.since)]));
      const taken = await tx
        .update(botReplies)
        .set({ dueAt: this.lease() })
        .where(
          inArray(
            botReplies.ticketId,
            lapsed.map((row) => row.ticketId),
          ),
        )
        .returning({ companyId: botReplies.companyId, ticketId: botReplies.ticketId });
      return taken.map((row) => ({ ...row, since: since.get(row.ticketId) }));
    });
  }
}
