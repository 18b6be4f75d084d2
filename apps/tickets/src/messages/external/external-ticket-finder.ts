import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type CheckNumberResult, type TicketView } from '@atrium/contracts';
import { SessionsChannel } from '@atrium/kernel';
import { DATABASE } from '@atrium/service-kit';
import { TicketsEvents } from '../../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../../shared/tickets-database.js';
import { TicketViews } from '../../tickets/ticket-views.js';
import { toTicketView } from '../../tickets/ticket.view.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { CampaignMessagesRepository } from '../campaign-messages.repository.js';
import { ExternalAdmission } from './external-admission.js';

/** A number check waits at most this long for WhatsApp. */
const CHECK_TIMEOUT_MS = 15_000;

/** What runs in the transaction that finds the ticket (a text stored unsent); answers the stored message's id. */
export type StoreOnTicket = (tx: TicketsTx, ticket: TicketView | number) => Promise<number | undefined>;

/** The ticket an external send goes to, its contact, and the text `store` stored on it. */
export interface ExternalTarget {
  ticketId: number;
  contactId: number;
  messageId?: number;
}

/**
 * The external API's ticket for a number (spec 001 section 7): a number the company has no contact
 * for is checked on WhatsApp through the token's connection (ERR_WAPP_INVALID_CONTACT when it is
 * not there, ERR_WAPP_NOT_INITIALIZED when the connection is not connected) and its contact made
 * by the number WhatsApp answers (a known contact's number is not asked again); the contact's
 * active ticket on that connection is used or a pending one created (it enters the agents' inbox).
 */
@Injectable()
export class ExternalTicketFinder {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(CampaignMessagesRepository) private readonly contacts: CampaignMessagesRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(ExternalAdmission) private readonly admission: ExternalAdmission,
  ) {}

  /** The number's ticket, its number checked on WhatsApp first when the company does not know it. */
  async ticketOf(companyId: number, whatsappId: number, number: string, store: StoreOnTicket): Promise<ExternalTarget> {
    return (
      (await this.ticketFor(companyId, whatsappId, number, false, store)) ??
      (await this.ticketFor(companyId, whatsappId, await this.checked(companyId, whatsappId, number), true, store))!
    );
  }

  /**
   * The contact with that number and its active ticket on the connection, or a new pending one.
   * A number the company has a contact for was checked when the contact was made (or wrote to the
   * company): it is not asked again, and undefined comes back when there is none unless `create`
   * (the number WhatsApp confirmed: the contact is made, named by its number). `store` runs in
   * the same transaction with the ticket found (a text stored unsent: one transaction a text).
   * The common case, a known contact with an active ticket, reads the ticket's view with the
   * contact in one query.
   */
  private async ticketFor(
    companyId: number,
    whatsappId: number,
    number: string,
    create: boolean,
    store: StoreOnTicket,
  ): Promise<ExternalTarget | undefined> {
    // one of the calls admitted at once (ExternalAdmission): the others wait for a place, not for a connection of the pool
    const found = await this.admission.run(() =>
      this.database.withTenant(companyId, async (tx) => {
        const active = create ? undefined : await this.tickets.activeRecordOfNumber(tx, companyId, number, whatsappId);
        if (active) {
          const view = toTicketView(active);
          return { ticketId: view.id, contactId: view.contactId, created: undefined, messageId: await store(tx, view) };
        }
        // a known contact and its active ticket in one query; a confirmed number's contact made first
        const known = create
          ? await this.activeOfCreated(tx, companyId, number, whatsappId)
          : await this.tickets.activeOfNumber(tx, companyId, number, whatsappId);
        if (!known) return undefined;
        const { contactId, ticketId: activeId } = known;
        if (activeId !== null) return { ticketId: activeId, contactId, created: undefined, messageId: await store(tx, activeId) };
        const ticket =
          (await this.tickets.insertIfNoActive(tx, { companyId, contactId, whatsappId, status: 'pending', isGroup: false })) ??
          (await this.tickets.findActive(tx, companyId, contactId, whatsappId));
        if (!ticket) throw new AppError(ErrorCode.ERR_CREATING_TICKET);
        const created = await this.views.one(tx, companyId, ticket.id);
        return { ticketId: ticket.id, contactId, created, messageId: await store(tx, created) };
      }),
    );
    if (!found) return undefined;
    if (found.created) this.events.ticketUpdated(found.created);
    return { ticketId: found.ticketId, contactId: found.contactId, messageId: found.messageId };
  }

  /** The contact of a number WhatsApp confirmed (made when missing) and its active ticket on the connection. */
  private async activeOfCreated(
    tx: TicketsTx,
    companyId: number,
    number: string,
    whatsappId: number,
  ): Promise<{ contactId: number; ticketId: number | null }> {
    const contact = await this.contacts.contactFor(tx, companyId, number, number, undefined);
    return { contactId: contact.id, ticketId: (await this.tickets.findActive(tx, companyId, contact.id, whatsappId))?.id ?? null };
  }

  /** The number as WhatsApp knows it, asked through the token's connection. */
  private async checked(companyId: number, whatsappId: number, number: string): Promise<string> {
    let result: CheckNumberResult;
    try {
      result = await this.channel.command(companyId, whatsappId, { type: 'checkNumber', number }, CHECK_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ERR_NO_WAPP_FOUND) throw new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED);
      throw error;
    }
    if (!result.exists) throw new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    return result.chatId && /^\d{8,50}$/.test(result.chatId) ? result.chatId : number;
  }
}
