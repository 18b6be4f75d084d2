import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  canSeeTicket,
  companyOfMediaKey,
  CONVERSATION_MEDIA_ROOTS,
  ErrorCode,
  type Actor,
  type MessagesPageView,
  type MessagesQueryDto,
  type MessageView,
  type TicketView,
} from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { hasMore, SessionsChannel } from '@atrium/kernel';
import { chatIdOf } from '../directory/chat-id.js';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { assertCanSee } from '../tickets/ticket-access.js';
import { TicketViews } from '../tickets/ticket-views.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { toMessageView } from './message.view.js';
import { MessagesRepository } from './messages.repository.js';

/** How many of the tickets carrying a file are looked at to let a user read it. */
const MEDIA_ACCESS_TICKETS = 20;

/** The conversation of a ticket (spec 000 "Conversation"): its pages, read receipts, deleting a sent message, who may read its files. What the composer sends: OutgoingMessagesService. */
@Injectable()
export class MessagesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketViews) private readonly views: TicketViews,
    @Inject(SessionsChannel) private readonly channel: SessionsChannel,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A page of the conversation: the messages of every ticket of the contact on the ticket's
   * connection (so the conversation shows 'Conversa encerrada'/'Conversa iniciada' where the ticket
   * changes), oldest first, 20 per page going back in time. Opening it (page 1) resets the
   * ticket's unread count and marks the customer's messages read on WhatsApp, unless
   * `markRead=false` (an admin's read-only peek).
   */
  async page(actor: Actor, ticketId: number, query: MessagesQueryDto): Promise<MessagesPageView> {
    const opening = (query.pageNumber ?? 1) === 1 && query.markRead !== false;
    const companyId = actor.companyId;
    const result = await this.database.withTenant(companyId, async (tx) => {
      // Queries sent together share a round trip (pipelined connection): the writes of opening the
      // conversation with the history's ticket ids first, then what they changed is read, the
      // ticket and the page at once. A ticket the actor may not see throws (views.visible), which
      // rolls the writes back.
      const [history, read, wasUnread] = await Promise.all([
        this.tickets.historyIds(tx, companyId, ticketId),
        opening ? this.messages.markRead(tx, companyId, [ticketId]) : [],
        opening ? this.tickets.resetUnread(tx, companyId, ticketId) : false,
      ]);
      const [view, { records, count }] = await Promise.all([
        this.views.visible(tx, actor, ticketId),
        this.messages.page(tx, companyId, history, query.pageNumber),
      ]);
      return { view, records, count, read, wasUnread };
    });
    if (result.wasUnread) this.events.ticketUnreadReset(result.view);
    if (result.read.length > 0) this.markReadOnWhatsapp(result.view, result.read);
    return {
      messages: result.records.map(toMessageView).reverse(),
      ticket: result.view,
      count: result.count,
      hasMore: hasMore(query.pageNumber, PAGE_SIZES.messages, result.records.length, result.count),
    };
  }

  /** Deletes a message the business sent, for everyone on WhatsApp too; it stays in the conversation marked deleted. */
  async delete(actor: Actor, id: number): Promise<MessageView> {
    const found = await this.database.withTenant(actor.companyId, async (tx) => {
      const message = await this.messages.findById(tx, actor.companyId, id);
      if (!message) throw new AppError(ErrorCode.ERR_NO_MESSAGE_FOUND);
      assertCanSee(actor, await this.tickets.findById(tx, actor.companyId, message.ticketId));
      return { message, ticket: await this.views.one(tx, actor.companyId, message.ticketId) };
    });
    const { message, ticket } = found;
    if (!message.fromMe) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    if (message.isDeleted) return this.viewOf(actor.companyId, id);
    const to = chatIdOf(ticket.contact);
    if (message.wid && message.whatsappId !== null && to) {
      await this.channel.command(actor.companyId, message.whatsappId, { type: 'delete', to, messageId: message.wid });
    }
    const { view, ticketView } = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.messages.update(tx, actor.companyId, id, { isDeleted: true });
      const record = await this.messages.record(tx, actor.companyId, id);
      return { view: toMessageView(record!), ticketView: await this.views.one(tx, actor.companyId, message.ticketId) };
    });
    this.events.message('update', view, ticketView);
    return view;
  }

  /**
   * May the actor read this stored file (served under /public)? Message media: whoever may see
   * a ticket one of whose messages carries it (a re-sent file is in several); quick-message
   * attachments: the company's users. Other companies: never.
   */
  async mediaAccess(actor: Actor, key: string): Promise<{ allowed: boolean }> {
    if (companyOfMediaKey(key) !== actor.companyId) return { allowed: false };
    // an upload nobody claimed yet is nobody's to read
    if (key.startsWith(`${CONVERSATION_MEDIA_ROOTS.uploads}/`)) return { allowed: false };
    if (key.startsWith(`${CONVERSATION_MEDIA_ROOTS.quickMessages}/`)) return { allowed: true };
    const allowed = await this.database.withTenant(actor.companyId, async (tx) => {
      for (const ticketId of await this.messages.ticketsOfMedia(tx, actor.companyId, key, MEDIA_ACCESS_TICKETS)) {
        const ticket = await this.tickets.findById(tx, actor.companyId, ticketId);
        if (ticket !== undefined && canSeeTicket(actor, ticket)) return true;
      }
      return false;
    });
    return { allowed };
  }

  private async viewOf(companyId: number, id: number): Promise<MessageView> {
    return this.database.withTenant(companyId, async (tx) => toMessageView((await this.messages.record(tx, companyId, id))!));
  }

  /** Read receipts to the customer: best effort, after the change committed. */
  private markReadOnWhatsapp(ticket: TicketView, read: Array<{ whatsappId: number | null; wid: string | null }>): void {
    const to = chatIdOf(ticket.contact);
    const byConnection = new Map<number, string[]>();
    for (const { whatsappId, wid } of read) {
      if (whatsappId === null || wid === null) continue;
      byConnection.set(whatsappId, [...(byConnection.get(whatsappId) ?? []), wid]);
    }
    if (!to) return;
    for (const [whatsappId, ids] of byConnection) {
      for (let start = 0; start < ids.length; start += 500) {
        this.channel
          .command(ticket.companyId, whatsappId, { type: 'markRead', to, messageIds: ids.slice(start, start + 500) }, 15_000)
          .catch((error: unknown) => this.logger.debug({ err: error, ticketId: ticket.id }, 'read receipts not sent'));
      }
    }
  }
}
