import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { tickets, whatsappRefs } from '../db/schema.js';
import { scopeOf, TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { BotRelease } from '../tickets/bot-release.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { ChatbotClock } from './chatbot-clock.js';
import type { BotReply } from './bot-replies.js';
import { ChatbotService } from './chatbot.service.js';

/** Tickets closed per connection and sweep at most (the next sweep takes the rest). */
const PER_SWEEP = 200;

/**
 * Inactivity (connection `expiresTicket` minutes, 0 = off): an open ticket whose last message is
 * ours (`awaiting_reply_since`, set when we send and cleared when the customer writes) and has not
 * been answered for that long is closed, and the customer receives the connection's
 * `expiresInactiveMessage`. A sweep (run by InactivitySweepProcessor, a repeatable job: ADR 020) reads, per connection
 * with inactivity on, only the tickets past their time through the partial index
 * `tickets_awaiting_reply_idx` — never the whole table — and closes them (`for update skip locked`:
 * a ticket an agent, or a late run of the sweep, is changing is left to it, so runs that overlap
 * close each ticket once).
 *
 * A sweep rather than a delayed job per ticket (`ticket-inactivity-<ticketId>`, moved whenever the
 * ticket speaks): the timer would move on every message we send and every answer, a Redis write on
 * the hot path of each, and a connection's new inactivity time would have to move every waiting
 * ticket's job; the sweep reads the expired tickets alone and applies a new time at its next run.
 */
@Injectable()
export class InactivitySweep {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotRelease) private readonly release: BotRelease,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(ChatbotService) private readonly chatbot: ChatbotService,
    @Inject(ChatbotClock) private readonly clock: ChatbotClock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** One sweep: closes the expired tickets of every connection with inactivity on. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const closed = await this.database.asSystem(async (tx) => {
      const connections = await tx
        .select({ id: whatsappRefs.id, companyId: whatsappRefs.companyId, automation: whatsappRefs.automation })
        .from(whatsappRefs)
        .where(sql`coalesce((${whatsappRefs.automation}->>'expiresTicket')::int, 0) > 0`);
      const done: Array<{ companyId: number; ticketId: number }> = [];
      const messages: BotReply[] = [];
      for (const connection of connections) {
        const minutes = connection.automation!.expiresTicket;
        const expired = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(
            and(
              eq(tickets.whatsappId, connection.id),
              eq(tickets.status, 'open'),
              isNotNull(tickets.awaitingReplySince),
              lt(tickets.awaitingReplySince, new Date(now.getTime() - minutes * 60_000)),
            ),
          )
          .orderBy(asc(tickets.awaitingReplySince))
          .limit(PER_SWEEP)
          .for('update', { skipLocked: true });
        for (const { id } of expired) {
          await tx
            .update(tickets)
            .set({
              status: 'closed',
              useIntegration: false,
              promptId: null,
              integrationId: null,
              chatbot: false,
              awaitingReplySince: null,
              updatedAt: new Date(),
            })
            .where(eq(tickets.id, id));
          await this.release.release(tx, connection.companyId, id, 'closed');
          done.push({ companyId: connection.companyId, ticketId: id });
          const message = connection.automation!.expiresInactiveMessage ?? '';
          if (message.trim() !== '') messages.push({ companyId: connection.companyId, ticketId: id, texts: [message], toClosed: true });
        }
      }
      return { done, replies: await this.chatbot.queue(tx, messages) };
    });
    for (const { companyId, ticketId } of closed.done) {
      const view = await this.database.withTenant(companyId, (tx) => this.views.one(tx, companyId, ticketId));
      this.events.ticketUpdated(view, scopeOf({ ...view, status: 'open' }));
    }
    this.chatbot.send(closed.replies);
    if (closed.done.length > 0) this.logger.info({ closed: closed.done.length }, 'tickets closed for inactivity');
  }
}
