import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError, ErrorCode, type Actor, type CheckNumberResult, type ExternalMessageCommand, type ExternalMessageResult } from '@atrium/contracts';
import { SessionsChannel } from '@atrium/kernel';
import { DATABASE, REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { scopeOf, TicketsEvents } from '../shared/tickets-events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { BotRelease } from '../tickets/bot-release.js';
import { planTransition } from '../tickets/ticket-transition.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { CampaignMessagesRepository } from './campaign-messages.repository.js';
import { once } from './idempotent-calls.js';
import { OutgoingMessagesService } from './outgoing-messages.service.js';

/** How long an `Idempotency-Key` is remembered (a retry later than this sends again). */
const KEY_TTL_SECONDS = 86_400;
/** A number check waits at most this long for WhatsApp. */
const CHECK_TIMEOUT_MS = 15_000;

/** The actor the external API acts as in a company: the connection's token, no user. */
function apiActor(companyId: number, whatsappId: number): Actor {
  return { userId: 0, companyId, profile: 'admin', super: false, queueIds: [], allTicket: 'enabled', sessionId: `external-api-${whatsappId}` };
}

/**
 * The external messaging API's send (spec 001 section 7, issue 15). A number the company has no
 * contact for is checked on WhatsApp through the token's connection (ERR_WAPP_INVALID_CONTACT when
 * it is not there, ERR_WAPP_NOT_INITIALIZED when the connection is not connected) and its contact
 * created by the number WhatsApp answers (a known contact's number is not asked again: a number that
 * left WhatsApp fails at the send with the same code); the contact's active ticket on that connection is used or a pending
 * one created (it enters the agents' inbox, as Atendechat's API does). The text and files go
 * through the composer's path (stored in the conversation, sent at the number's pace, announced
 * live). `closeTicket` resolves the ticket afterwards, quietly (no completion message: the
 * message just sent is the conversation's last word). With an `Idempotency-Key` the call runs once.
 */
@Injectable()
export class ExternalMessagesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(CampaignMessagesRepository) private readonly contacts: CampaignMessagesRepository,
    @Inject(ContactsRepository) private readonly knownContacts: ContactsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(BotRelease) private readonly botRelease: BotRelease,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(OutgoingMessagesService) private readonly outgoing: OutgoingMessagesService,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  async send(companyId: number, command: ExternalMessageCommand): Promise<ExternalMessageResult> {
    if (!command.idempotencyKey) return { ...(await this.sendNow(companyId, command)), duplicate: false };
    const markKey = `${this.config.REDIS_PREFIX}external-message:${companyId}:${command.whatsappId}:${command.idempotencyKey}`;
    let ran = false;
    const run = () => {
      ran = true;
      return this.sendNow(companyId, command);
    };
    const { result, duplicate } = await once(this.redis, markKey, command.fingerprint ?? '', KEY_TTL_SECONDS, run).catch(async (error: unknown) => {
      if (!ran) await this.outgoing.discardUploads(companyId, command.medias);
      throw error;
    });
    // a repeated request's files are not needed: the first one's were sent
    if (duplicate) await this.outgoing.discardUploads(companyId, command.medias);
    return { ...result, duplicate };
  }

  /** Checks the number, finds or opens the ticket, sends (the uploads are removed when it fails before or during the send). */
  private async sendNow(companyId: number, command: ExternalMessageCommand): Promise<Omit<ExternalMessageResult, 'duplicate'>> {
    let target: { ticketId: number; contactId: number };
    try {
      target =
        (await this.ticketFor(companyId, command.whatsappId, command.number, false)) ??
        (await this.ticketFor(companyId, command.whatsappId, await this.checked(companyId, command.whatsappId, command.number), true))!;
    } catch (error) {
      await this.outgoing.discardUploads(companyId, command.medias);
      throw error;
    }
    const sent = await this.outgoing.send(apiActor(companyId, command.whatsappId), { ticketId: target.ticketId, body: command.body, medias: command.medias });
    if (command.closeTicket) await this.close(companyId, target.ticketId);
    return { ...target, messageIds: sent.map((message) => message.id) };
  }

  /**
   * The contact with that number and its active ticket on the connection, or a new pending one.
   * A number the company has a contact for was checked when the contact was made (or wrote to the
   * company): it is not asked again, and undefined comes back when there is none unless `create`
   * (the number WhatsApp confirmed: the contact is made, named by its number).
   */
  private async ticketFor(companyId: number, whatsappId: number, number: string, create: boolean): Promise<{ ticketId: number; contactId: number } | undefined> {
    const found = await this.database.withTenant(companyId, async (tx) => {
      const contact = create ? await this.contacts.contactFor(tx, companyId, number, number, undefined) : await this.knownContacts.findByNumber(tx, companyId, number);
      if (!contact) return undefined;
      const active = await this.tickets.findActive(tx, companyId, contact.id, whatsappId);
      if (active) return { ticketId: active.id, contactId: contact.id, created: undefined };
      const ticket =
        (await this.tickets.insertIfNoActive(tx, { companyId, contactId: contact.id, whatsappId, status: 'pending', isGroup: false })) ??
        (await this.tickets.findActive(tx, companyId, contact.id, whatsappId));
      if (!ticket) throw new AppError(ErrorCode.ERR_CREATING_TICKET);
      return { ticketId: ticket.id, contactId: contact.id, created: await this.views.one(tx, companyId, ticket.id) };
    });
    if (!found) return undefined;
    if (found.created) this.events.ticketUpdated(found.created);
    return { ticketId: found.ticketId, contactId: found.contactId };
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

  /** `closeTicket`: the ticket resolved as an agent's 'Finalizar' would, without the completion message. */
  private async close(companyId: number, ticketId: number): Promise<void> {
    const change = await this.database.withTenant(companyId, async (tx) => {
      const current = await this.tickets.lockById(tx, companyId, ticketId);
      if (!current || current.status === 'closed') return undefined;
      const { next } = planTransition(current, { status: 'closed' }, 0);
      await this.tickets.update(tx, companyId, ticketId, { ...next, chatbot: false, awaitingReplySince: null });
      await this.botRelease.release(tx, companyId, ticketId, 'closed');
      return { before: scopeOf(current), after: await this.views.one(tx, companyId, ticketId) };
    });
    if (change) this.events.ticketUpdated(change.after, change.before);
  }
}
