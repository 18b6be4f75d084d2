import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
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
 * `expiresInactiveMessage`. Every INACTIVITY_SWEEP_MS one replica at a time (a transaction-level
 * advisory lock) reads, per connection with inactivity on, only the tickets past their time through
 * the partial index `tickets_awaiting_reply_idx` — never the whole table — and closes them
 * (`for update skip locked`: a ticket an agent is changing is left for the next sweep).
 */
@Injectable()
export class InactivitySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotRelease) private readonly release: BotRelease,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(ChatbotService) private readonly chatbot: ChatbotService,
    @Inject(ChatbotClock) private readonly clock: ChatbotClock,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'inactivity sweep failed: retried on the next one'))
        .finally(() => (this.running = undefined));
    }, this.config.INACTIVITY_SWEEP_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep: closes the expired tickets of every connection with inactivity on. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const closed = await this.database.asSystem(async (tx) => {
      const [lock] = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('tickets.inactivity')) as locked`)).rows as Array<{
        locked: boolean;
      }>;
      if (!lock?.locked) return { done: [], replies: [] };
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
