import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type BotActCommand, type BotActResult, type TicketBotReleased } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { DirectoryRepository } from '../../directory/directory.repository.js';
import { scopeOf, TicketsEvents } from '../../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../../shared/tickets-database.js';
import { BotRelease } from '../../tickets/bot-release.js';
import type { TicketState, TransitionKind } from '../../tickets/ticket-transition.js';
import { TicketViews } from '../../tickets/ticket-views.js';
import { TicketsRepository, type TicketRow } from '../../tickets/tickets.repository.js';
import { TicketTransitionListeners } from '../../tickets/transition-listeners.js';
import { BotDriveCheck } from './bot-drive-check.js';

/** What ends the bot's turn on the ticket: the people's state the ticket takes, and the release reason. */
export interface Handover {
  next: (ticket: TicketRow) => Partial<TicketState>;
  reason: TicketBotReleased['reason'];
  kind: TransitionKind;
}

/**
 * A bot's `transfer`, `handToHuman` and `close` actions: the ticket given to people in one
 * transaction with its release (`ticket.botReleased`), then announced, and what follows a
 * transition run (transfer notice, completion message).
 */
@Injectable()
export class HandTicketOver {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(BotDriveCheck) private readonly drive: BotDriveCheck,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotRelease) private readonly release: BotRelease,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(TicketTransitionListeners) private readonly transitions: TicketTransitionListeners,
  ) {}

  /**
   * Answers the refusal when the bot no longer drives the ticket, undefined once it is handed over;
   * `within`: what commits with the hand-over (a stepped act's record of it).
   */
  async handOver(
    command: BotActCommand,
    index: number,
    handover: Handover,
    within?: (tx: TicketsTx) => Promise<void>,
  ): Promise<BotActResult | undefined> {
    const { companyId, ticketId } = command;
    const outcome = await this.database.withTenant(companyId, async (tx) => {
      const refused = await this.drive.refusal(command, tx);
      if (refused) return { refused };
      const ticket = (await this.tickets.findById(tx, companyId, ticketId))!;
      const next = handover.next(ticket);
      if (next.queueId && next.queueId !== ticket.queueId && !(await this.tickets.queueExists(tx, companyId, next.queueId))) {
        throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND, {
          fields: [{ field: `actions.${index}.queueId`, messages: ['not a queue of this company'] }],
        });
      }
      if (next.userId && !(await this.directory.userNames(tx, companyId, [next.userId])).has(next.userId)) {
        throw new AppError(ErrorCode.ERR_NO_USER_FOUND, {
          fields: [{ field: `actions.${index}.userId`, messages: ['not a user of this company'] }],
        });
      }
      const before = await this.views.one(tx, companyId, ticketId);
      await this.tickets.update(tx, companyId, ticketId, { ...next, chatbot: false });
      await this.release.release(tx, companyId, ticketId, handover.reason);
      await within?.(tx);
      const after = await this.views.one(tx, companyId, ticketId);
      const state: TicketState = {
        status: after.status,
        userId: after.userId,
        queueId: after.queueId,
        useIntegration: after.useIntegration,
        promptId: after.promptId,
        integrationId: after.integrationId,
      };
      return { before, after, state };
    });
    if ('refused' in outcome) return outcome.refused;
    this.events.ticketUpdated(outcome.after, scopeOf(outcome.before));
    await this.transitions.committed({
      transition: { kind: handover.kind, next: outcome.state },
      before: outcome.before,
      after: outcome.after,
    });
    return undefined;
  }
}
