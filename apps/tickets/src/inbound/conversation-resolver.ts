import { Inject, Injectable } from '@nestjs/common';
import type { ChannelChat, ChannelContact } from '@atrium/contracts';
import { ContactsRepository, type ContactRow } from '../contacts/contacts.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { TicketsRepository, type TicketRow } from '../tickets/tickets.repository.js';

export interface InboundParty {
  companyId: number;
  whatsappId: number;
  chat: ChannelChat;
  /** Who wrote: the customer (or, in a group, the participant); the business for fromMe. */
  from: ChannelContact;
  fromMe: boolean;
}

export interface Conversation {
  /** The ticket's contact: the customer, or the group. */
  contact: ContactRow;
  /** The message's author when it is not the ticket's contact (a group's participant). */
  author: ContactRow | null;
  ticket: TicketRow;
  createdContacts: ContactRow[];
  ticketCreated: boolean;
}

interface Identity {
  number: string | null;
  lid: string | null;
  name: string | null;
}

/** The chat id's person: `<digits>` is a number, `<digits>@lid` a lid. */
function identityOfChat(chatId: string): Identity {
  if (chatId.endsWith('@lid')) return { number: null, lid: chatId.slice(0, -'@lid'.length), name: null };
  return { number: chatId.replace(/@.*$/, ''), lid: null, name: null };
}

/**
 * Finds or creates, inside the caller's transaction, the contact and the open or pending ticket
 * an inbound message or call belongs to. Concurrent first messages of one customer meet on the
 * unique indexes (contact number, contact lid, one active ticket per contact and connection): the
 * second waits for the first to commit, then finds what it created. A contact's closed ticket
 * is left closed: the customer writing again gets a new pending ticket.
 */
@Injectable()
export class ConversationResolver {
  constructor(
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(QueuesRepository) private readonly queues: QueuesRepository,
  ) {}

  async resolve(tx: TicketsTx, party: InboundParty): Promise<Conversation> {
    const created: ContactRow[] = [];
    let contact: ContactRow;
    let author: ContactRow | null = null;
    if (party.chat.isGroup) {
      const groupId = party.chat.id.replace(/@g\.us$/, '');
      contact = await this.contact(tx, party, { number: groupId, lid: null, name: party.chat.name }, true, created);
      if (!party.fromMe) author = await this.contact(tx, party, party.from, false, created);
    } else {
      const chat = identityOfChat(party.chat.id);
      const identity: Identity = party.fromMe
        ? chat
        : { number: chat.number ?? party.from.number, lid: chat.lid ?? party.from.lid, name: party.from.name };
      contact = await this.contact(tx, party, identity, false, created);
    }
    const { ticket, created: ticketCreated } = await this.ticket(tx, party, contact);
    return { contact, author, ticket, createdContacts: created, ticketCreated };
  }

  private async contact(tx: TicketsTx, party: InboundParty, identity: Identity, isGroup: boolean, created: ContactRow[]): Promise<ContactRow> {
    const { companyId } = party;
    const found = await this.contacts.findByIdentity(tx, companyId, identity.number, identity.lid);
    if (found.length === 0) {
      const inserted = await this.contacts.insertIfAbsent(tx, {
        companyId,
        name: (identity.name?.trim() || identity.number || identity.lid || '').slice(0, 100),
        number: identity.number,
        lid: identity.lid,
        isGroup,
        whatsappId: party.whatsappId,
      });
      if (inserted) {
        created.push(inserted);
        return inserted;
      }
      // a concurrent message of the same person created it meanwhile
      const [winner] = await this.contacts.findByIdentity(tx, companyId, identity.number, identity.lid);
      return winner!;
    }
    const contact = found.find((row) => identity.number !== null && row.number === identity.number) ?? found[0]!;
    return this.learn(tx, contact, identity, found.length === 1);
  }

  /**
   * What WhatsApp revealed about a known contact: the number or lid it lacked (when no other
   * contact holds it), and the person's name while the contact has none but its number.
   */
  private async learn(tx: TicketsTx, contact: ContactRow, identity: Identity, onlyMatch: boolean): Promise<ContactRow> {
    const changes: Partial<ContactRow> = {};
    if (onlyMatch && contact.number === null && identity.number) changes.number = identity.number;
    if (onlyMatch && contact.lid === null && identity.lid) changes.lid = identity.lid;
    const unnamed = contact.name === contact.number || contact.name === contact.lid || contact.name === '';
    if (unnamed && identity.name?.trim()) changes.name = identity.name.trim().slice(0, 100);
    if (Object.keys(changes).length === 0) return contact;
    return (await this.contacts.update(tx, contact.companyId, contact.id, changes)) ?? contact;
  }

  private async ticket(tx: TicketsTx, party: InboundParty, contact: ContactRow): Promise<{ ticket: TicketRow; created: boolean }> {
    const { companyId, whatsappId } = party;
    const active = await this.tickets.findActive(tx, companyId, contact.id, whatsappId);
    if (active) return { ticket: active, created: false };
    const connection = await this.directory.whatsapp(tx, companyId, whatsappId);
    const queueIds = await this.queues.existing(tx, companyId, connection?.queueIds ?? []);
    const inserted = await this.tickets.insertIfNoActive(tx, {
      companyId,
      contactId: contact.id,
      whatsappId,
      status: 'pending',
      // a connection with one queue sends its customers there; with several, the chatbot will choose (later issue)
      queueId: queueIds.length === 1 ? queueIds[0]! : null,
      isGroup: contact.isGroup,
    });
    if (inserted) return { ticket: inserted, created: true };
    const winner = await this.tickets.findActive(tx, companyId, contact.id, whatsappId);
    return { ticket: winner!, created: false };
  }
}
