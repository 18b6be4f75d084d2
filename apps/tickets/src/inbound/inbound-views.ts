import { Inject, Injectable } from '@nestjs/common';
import type { ContactView, MessageView, TicketView } from '@atrium/contracts';
import type { Companies } from '@atrium/database';
import { ContactViews } from '../contacts/contact.view.js';
import { toMessageView } from '../messages/message.view.js';
import { MessagesRepository, type MessageRecord, type MessageRow } from '../messages/messages.repository.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';
import type { Conversation, ResolvedConversations } from './conversation-resolver.js';

/** What an inbound transaction created, announced after its commit. */
export interface CreatedMessages {
  messages: MessageView[];
  /** The touched tickets' views, by id. */
  tickets: Map<number, TicketView>;
  /** Contacts the batch created, and known ones it taught a name, number or lid. */
  contacts: { created: ContactView[]; updated: ContactView[] };
}

/** A stored message's view with its ticket's. */
export interface UpdatedMessage {
  message: MessageView;
  ticket: TicketView;
}

/** The views the inbound path builds in its transactions, and their announcement to sockets after the commit. */
@Injectable()
export class InboundViews {
  constructor(
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(TicketViews) private readonly ticketViews: TicketViews,
    @Inject(ContactViews) private readonly contactViews: ContactViews,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
  ) {}

  /** A new message's view, built from the rows in hand when they say it all. */
  async messageView(tx: TicketsTx, conversation: Conversation, row: MessageRow, quoted?: MessageRow): Promise<MessageView> {
    const author = conversation.author ?? conversation.contact;
    const quotedAuthorKnown = !quoted || quoted.fromMe || quoted.contactId === author.id;
    const record: MessageRecord | undefined = quotedAuthorKnown
      ? {
          message: row,
          contact: { id: author.id, name: author.name, number: author.number },
          quoted: quoted ?? null,
          quotedContact: quoted && !quoted.fromMe ? { id: author.id, name: author.name } : null,
        }
      : await this.messages.record(tx, row.companyId, row.id);
    return toMessageView(record!);
  }

  /** A stored message's view as it is now, and its ticket's. */
  async updated(tx: TicketsTx, row: MessageRow): Promise<UpdatedMessage> {
    const record = await this.messages.record(tx, row.companyId, row.id);
    return { message: toMessageView(record!), ticket: await this.ticketViews.one(tx, row.companyId, row.ticketId) };
  }

  ticket(tx: TicketsTx, companyId: number, id: number): Promise<TicketView> {
    return this.ticketViews.one(tx, companyId, id);
  }

  /** The tickets' views, by id. */
  async tickets(tx: TicketsTx, companies: Companies, ids: number[]): Promise<Map<number, TicketView>> {
    return new Map((await this.ticketViews.many(tx, companies, [...new Set(ids)])).map((view) => [view.id, view]));
  }

  /** The created and updated contacts' views, their connections' names read once for both. */
  async contactViewsOf(
    tx: TicketsTx,
    companyId: number,
    resolved: Pick<ResolvedConversations, 'createdContacts' | 'updatedContacts'>,
  ): Promise<CreatedMessages['contacts']> {
    const views = await this.contactViews.many(tx, companyId, [...resolved.createdContacts, ...resolved.updatedContacts]);
    return { created: views.slice(0, resolved.createdContacts.length), updated: views.slice(resolved.createdContacts.length) };
  }

  /**
   * The messages go out before their tickets' updates: an appMessage create carries its ticket and
   * contact, and the gateway writes events to a company's sockets in order, so the message (what
   * the agent waits for) is not held behind a ticket update written to every socket first.
   */
  announceCreated(stored: CreatedMessages): void {
    for (const contact of stored.contacts.created) this.events.contactSaved('create', contact);
    for (const contact of stored.contacts.updated) this.events.contactSaved('update', contact);
    for (const message of stored.messages) this.events.message('create', message, stored.tickets.get(message.ticketId)!);
    for (const ticket of stored.tickets.values()) this.events.ticketUpdated(ticket);
  }

  /** A message stored before, announced as created again (clients keep one message per id). */
  announceAgain({ message, ticket }: UpdatedMessage): void {
    this.events.message('create', message, ticket);
  }

  announceUpdated({ message, ticket }: UpdatedMessage): void {
    this.events.message('update', message, ticket);
  }
}
