import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type Actor, type TicketBotReleased, type TicketView, type UpdateTicketDto } from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { DATABASE } from '@atrium/service-kit';
import { scopeOf, TicketsEvents } from '../../shared/tickets.events.js';
import type { TicketsDatabase } from '../../shared/tickets-database.js';
import { BotRelease } from '../bot-release.js';
import { assertCanSee } from '../ticket-access.js';
import { planTransition, type Transition, type TransitionKind } from '../ticket-transition.js';
import { TicketViews } from '../ticket-views.js';
import { ONE_ACTIVE_TICKET_PER_CONTACT, TicketsRepository } from '../tickets.repository.js';
import { TicketTransitionListeners } from '../transition-listeners.js';
import { OtherOpenTicket } from './other-open-ticket.js';
import { TicketReferences } from './ticket-references.js';

/** Transitions after which people, not a bot, have the ticket: the reason `ticket.botReleased` gives. */
const PEOPLE_TAKE_OVER: Partial<Record<TransitionKind, TicketBotReleased['reason']>> = {
  accept: 'accepted',
  transfer: 'transferred',
  resolve: 'closed',
  reopen: 'accepted',
};

/** Every transition of spec 000 section 4 (planTransition), with its release from a bot, its announcement and what follows it (TicketTransitionListeners). */
@Injectable()
export class TransitionTicket {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketReferences) private readonly references: TicketReferences,
    @Inject(BotRelease) private readonly botRelease: BotRelease,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(TicketTransitionListeners) private readonly transitions: TicketTransitionListeners,
    @Inject(OtherOpenTicket) private readonly otherOpen: OtherOpenTicket,
  ) {}

  /** The transition; a second active ticket for the contact answers ERR_OTHER_OPEN_TICKET. */
  async update(actor: Actor, id: number, dto: UpdateTicketDto): Promise<TicketView> {
    await this.references.requireFor(actor, dto);
    let change: { transition: Transition; before: TicketView; after: TicketView };
    try {
      change = await this.database.withTenant(actor.companyId, async (tx) => {
        const current = assertCanSee(actor, await this.tickets.lockById(tx, actor.companyId, id));
        if (dto.queueId && !(await this.tickets.queueExists(tx, actor.companyId, dto.queueId)))
          throw new AppError(ErrorCode.ERR_NO_QUEUE_FOUND);
        const before = await this.views.one(tx, actor.companyId, id);
        const transition = planTransition(current, dto, actor.userId);
        const releasedAs = PEOPLE_TAKE_OVER[transition.kind];
        await this.tickets.update(tx, actor.companyId, id, { ...transition.next, ...(releasedAs && { chatbot: false }) });
        if (releasedAs) await this.botRelease.release(tx, actor.companyId, id, releasedAs);
        return { transition, before, after: await this.views.one(tx, actor.companyId, id) };
      });
    } catch (error) {
      if (!isUniqueViolation(error, ONE_ACTIVE_TICKET_PER_CONTACT)) throw error;
      const ticket = await this.database.withTenant(actor.companyId, (tx) => this.views.visible(tx, actor, id));
      throw await this.otherOpen.error(actor.companyId, ticket.contactId, ticket.whatsappId);
    }
    this.events.ticketUpdated(change.after, scopeOf(change.before));
    await this.transitions.committed(change);
    return change.after;
  }
}
