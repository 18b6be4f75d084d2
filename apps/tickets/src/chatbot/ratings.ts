import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq } from 'drizzle-orm';
import { messages, ticketBots, tickets, userRatings } from '../db/schema.js';
import type { MessageRow } from '../messages/messages.repository.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { TicketBotsRepository } from '../tickets/ticket-bots.repository.js';
import { TicketsRepository, type TicketRow } from '../tickets/tickets.repository.js';

/** The options that follow the connection's rating message (spec 000: ratings 1 to 3). */
export const RATING_OPTIONS = '*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito Satisfeito';

export function ratingRequest(ratingMessage: string): string {
  return `${ratingMessage}\n\n${RATING_OPTIONS}`;
}

/** A reply that rates: 1, 2 or 3 alone. */
export function rateOf(body: string): number | null {
  const reply = body.trim();
  return /^[1-3]$/.test(reply) ? Number(reply) : null;
}

/**
 * The wait for a rating after a resolve (`ticket_bots.stage = 'rating'` on the closed ticket, which
 * agents see as resolved). The customer's next message arrives on a new pending ticket (the closed
 * one is not reopened): a 1-3 stores the rating (ticket, agent, company, rate, time), moves that
 * reply to the rated ticket and drops the new ticket when nothing else is in it; any other reply
 * ends the wait and stays the new ticket's first message, handled as usual.
 */
@Injectable()
export class Ratings {
  constructor(
    @Inject(TicketBotsRepository) private readonly bots: TicketBotsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
  ) {}

  /** The contact's closed ticket on that connection waiting for a rating, if any. */
  async waiting(tx: TicketsTx, ticket: TicketRow): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select({ ticket: tickets })
      .from(ticketBots)
      .innerJoin(tickets, eq(tickets.id, ticketBots.ticketId))
      .where(
        and(
          eq(tickets.companyId, ticket.companyId),
          eq(tickets.contactId, ticket.contactId),
          eq(tickets.whatsappId, ticket.whatsappId ?? 0),
          eq(tickets.status, 'closed'),
          eq(ticketBots.stage, 'rating'),
        ),
      )
      .limit(1);
    return row?.ticket;
  }

  /** Answers whether the reply rated `rated` (then it now belongs to it); the wait ends either way. */
  async answer(tx: TicketsTx, rated: TicketRow, current: TicketRow, message: MessageRow): Promise<boolean> {
    const { companyId } = rated;
    await this.bots.save(tx, companyId, rated.id, { stage: 'done' });
    const rate = rateOf(message.body);
    if (rate === null) return false;
    await tx.insert(userRatings).values({ companyId, ticketId: rated.id, userId: rated.userId, rate }).onConflictDoNothing();
    await tx
      .update(messages)
      .set({ ticketId: rated.id })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, message.id)));
    message.ticketId = rated.id;
    const [left] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, current.id)));
    if ((left?.n ?? 0) === 0) await this.tickets.delete(tx, companyId, current.id);
    return true;
  }
}
