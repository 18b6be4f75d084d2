import { Inject, Injectable } from '@nestjs/common';
import { storableText, type ChannelChat, type ChannelContact } from '@atrium/contracts';
import { ContactsRepository, type ContactRow, type NewContact } from '../contacts/contacts.repository.js';
import { CustomerWindowsRepository } from '../customer-window/customer-windows.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import { companiesOfGroup, tenantGroupOf } from '@atrium/database';
import type { TicketsGroup, TicketsTx } from '../shared/tickets-database.js';
import { TicketsRepository, type TicketRow } from '../tickets/tickets.repository.js';

export interface InboundParty {
  whatsappId: number;
  chat: ChannelChat;
  /** Who wrote: the customer (or, in a group, the participant); the business for fromMe. */
  from: ChannelContact;
  fromMe: boolean;
  /**
   * When the customer sent it (epoch ms, as the channel dated it), for a message: a customer's
   * message opens the conversation's customer-service window from then (unset for calls).
   */
  sentAt?: number;
}

export interface Conversation {
  /** The ticket's contact: the customer, or the group. */
  contact: ContactRow;
  /** The message's author when it is not the ticket's contact (a group's participant). */
  author: ContactRow | null;
  ticket: TicketRow;
  /** This party is the first of the batch on a ticket the batch created. */
  ticketCreated: boolean;
}

/** A group's parties resolved (`ConversationResolver.resolveGroup`): each company's, and their windows' upsert still to run. */
export interface ResolvedGroup {
  byCompany: Map<number, ResolvedConversations>;
  recordWindows(): Promise<void>;
}

export interface ResolvedConversations {
  /** One per party, in the parties' order. */
  conversations: Conversation[];
  /** Contacts the batch created, in creation order. */
  createdContacts: ContactRow[];
  /** Known contacts the batch taught a name, number or lid. */
  updatedContacts: ContactRow[];
}

interface Identity {
  number: string | null;
  lid: string | null;
  name: string | null;
  isGroup: boolean;
}

/** The chat id's person: `<digits>` is a number, `<digits>@lid` a lid. */
function identityOfChat(chatId: string): Identity {
  if (chatId.endsWith('@lid')) return { number: null, lid: chatId.slice(0, -'@lid'.length), name: null, isGroup: false };
  return { number: chatId.replace(/@.*$/, ''), lid: null, name: null, isGroup: false };
}

function identitiesOf(party: InboundParty): { contact: Identity; author: Identity | null } {
  if (party.chat.isGroup) {
    const group: Identity = { number: party.chat.id.replace(/@g\.us$/, ''), lid: null, name: party.chat.name, isGroup: true };
    return {
      contact: group,
      author: party.fromMe
        ? null
        : { number: party.from.number ?? null, lid: party.from.lid ?? null, name: party.from.name ?? null, isGroup: false },
    };
  }
  const chat = identityOfChat(party.chat.id);
  if (party.fromMe) return { contact: chat, author: null };
  return {
    contact: {
      number: chat.number ?? party.from.number ?? null,
      lid: chat.lid ?? party.from.lid ?? null,
      name: party.from.name ?? null,
      isGroup: false,
    },
    author: null,
  };
}

/**
 * A contact as the batch knows it: a stored row (with what the batch learnt of it still to be
 * written) or one to create. Its number and lid are the current ones, so a later identity of the
 * batch finds it as it would after the earlier one committed.
 */
class ContactSlot {
  changes: Partial<NewContact> = {};

  constructor(
    public row: ContactRow | null,
    public values: NewContact,
  ) {}

  static stored(row: ContactRow): ContactSlot {
    return new ContactSlot(row, { ...row });
  }

  static toCreate(values: NewContact): ContactSlot {
    return new ContactSlot(null, values);
  }

  /** The order creations take (the unique indexes' keys). */
  get key(): string {
    return `${this.number ?? ''}|${this.lid ?? ''}`;
  }

  get number(): string | null {
    return this.values.number ?? null;
  }

  get lid(): string | null {
    return this.values.lid ?? null;
  }

  matches(identity: Identity): boolean {
    return (identity.number !== null && this.number === identity.number) || (identity.lid !== null && this.lid === identity.lid);
  }

  /**
   * What WhatsApp revealed: the number or lid the contact lacked (when no other contact holds
   * it), and the person's name while the contact has none but its number.
   */
  learn(identity: Identity, onlyMatch: boolean): void {
    const changes: Partial<NewContact> = {};
    if (onlyMatch && this.number === null && identity.number) changes.number = identity.number;
    if (onlyMatch && this.lid === null && identity.lid) changes.lid = identity.lid;
    const name = this.values.name;
    const unnamed = name === this.number || name === this.lid || name === '';
    if (unnamed && identity.name?.trim()) changes.name = storableText(identity.name.trim().slice(0, 100)); // a cut emoji leaves half a pair
    Object.assign(this.values, changes);
    if (this.row) Object.assign(this.changes, changes);
  }
}

/**
 * Finds or creates, inside the caller's transaction, the contacts and the open or pending tickets
 * a batch of one company's inbound messages or calls belongs to, in a handful of statements
 * whatever the batch's size. The parties are taken in order, as if each committed before the
 * next. Concurrent first messages of one customer (another replica's batch) meet on the unique
 * indexes (contact number, contact lid, one active ticket per contact and connection): the
 * second insert waits for the first to commit, then the rows it created are read. A contact's
 * closed ticket is left closed: the customer writing again gets a new pending ticket.
 */
@Injectable()
export class ConversationResolver {
  constructor(
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(TicketsRepository) private readonly tickets: TicketsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(QueuesRepository) private readonly queues: QueuesRepository,
    @Inject(CustomerWindowsRepository) private readonly windows: CustomerWindowsRepository,
  ) {}

  async resolve(tx: TicketsTx, companyId: number, parties: InboundParty[]): Promise<ResolvedConversations> {
    const group = tenantGroupOf(companyId, tx);
    const partiesOf = new Map([[companyId, parties]]);
    const resolved = await this.resolveGroup(group, partiesOf, await this.storedContacts(group, partiesOf));
    await resolved.recordWindows();
    return resolved.byCompany.get(companyId)!;
  }

  /**
   * The stored contacts of the parties' identities, each company's, in one statement for the
   * group: what `resolveGroup` starts from (it may be read beside other statements, for parties
   * that turn out to need none: a superset does no harm).
   */
  storedContacts(group: TicketsGroup, partiesOf: ReadonlyMap<number, InboundParty[]>): Promise<ContactRow[]> {
    const identities = [...partiesOf.values()].flat().flatMap((party) => {
      const pair = identitiesOf(party);
      return pair.author ? [pair.contact, pair.author] : [pair.contact];
    });
    return this.contacts.findByIdentities(
      group.all,
      companiesOfGroup(group),
      identities.flatMap((identity) => (identity.number ? [identity.number] : [])),
      identities.flatMap((identity) => (identity.lid ? [identity.lid] : [])),
    );
  }

  /**
   * Each company's parties resolved as `resolve` does, in a group's transaction, from the stored
   * contacts of their identities (`storedContacts`): the lookup of every company's active
   * tickets and the windows' upsert are one statement each for the whole group; what a company
   * creates or changes (contacts, tickets) is done in its own scope, the companies side by side.
   * The windows are recorded when the caller says (`recordWindows`), so that statement can go
   * with the next ones.
   */
  async resolveGroup(group: TicketsGroup, partiesOf: ReadonlyMap<number, InboundParty[]>, stored: ContactRow[]): Promise<ResolvedGroup> {
    const companies = [...partiesOf.keys()];
    const people = new Map<number, Array<{ contact: number; author: number | null }>>();
    const wantedOf = new Map<number, WantedContact[]>();
    for (const [companyId, parties] of partiesOf) {
      const wanted: WantedContact[] = [];
      people.set(
        companyId,
        parties.map((party) => {
          const pair = identitiesOf(party);
          const contact = wanted.push({ identity: pair.contact, whatsappId: party.whatsappId }) - 1;
          const author = pair.author ? wanted.push({ identity: pair.author, whatsappId: party.whatsappId }) - 1 : null;
          return { contact, author };
        }),
      );
      wantedOf.set(companyId, wanted);
    }
    const contactsOf = new Map(
      await Promise.all(
        [...wantedOf].map(
          async ([companyId, wanted]) =>
            [
              companyId,
              await this.contactsOf(
                group,
                companyId,
                wanted,
                stored.filter((row) => row.companyId === companyId),
              ),
            ] as const,
        ),
      ),
    );
    const keysOf = new Map(
      companies.map((companyId) => [
        companyId,
        partiesOf.get(companyId)!.map((party, i): TicketKey => {
          const contact = contactsOf.get(companyId)!.rows[people.get(companyId)![i]!.contact]!;
          return { contactId: contact.id, whatsappId: party.whatsappId, isGroup: contact.isGroup };
        }),
      ]),
    );
    const { ticketOf, createdTickets } = await this.ticketsOfGroup(group, keysOf);
    const windows = companies.flatMap((companyId) =>
      partiesOf.get(companyId)!.flatMap((party, i) => {
        const key = keysOf.get(companyId)![i]!;
        return !party.fromMe && party.sentAt !== undefined && !key.isGroup
          ? [{ companyId, whatsappId: party.whatsappId, contactId: key.contactId, at: new Date(party.sentAt) }]
          : [];
      }),
    );
    const byCompany = new Map(
      companies.map((companyId) => {
        const { rows, created, updated } = contactsOf.get(companyId)!;
        const conversations = partiesOf.get(companyId)!.map((_, i): Conversation => {
          const ticket = ticketOf.get(ticketKey(keysOf.get(companyId)![i]!))!;
          const { contact, author } = people.get(companyId)![i]!;
          return {
            contact: rows[contact]!,
            author: author === null ? null : rows[author]!,
            ticket,
            ticketCreated: createdTickets.delete(ticket.id),
          };
        });
        return [companyId, { conversations, createdContacts: created, updatedContacts: updated }];
      }),
    );
    return { byCompany, recordWindows: () => this.windows.record(group.all, windows) };
  }

  /** A company's wanted identities' contacts, from its stored ones: found (and learnt about) or created, one statement for all creations. */
  private async contactsOf(
    group: TicketsGroup,
    companyId: number,
    wanted: WantedContact[],
    stored: ContactRow[],
  ): Promise<{ rows: ContactRow[]; created: ContactRow[]; updated: ContactRow[] }> {
    const slots = stored.map(ContactSlot.stored);
    const chosen = wanted.map(({ identity, whatsappId }) => {
      const found = slots.filter((slot) => slot.matches(identity));
      if (found.length === 0) {
        const slot = ContactSlot.toCreate({
          companyId,
          name: storableText((identity.name?.trim() || identity.number || identity.lid || '').slice(0, 100)),
          number: identity.number,
          lid: identity.lid,
          isGroup: identity.isGroup,
          whatsappId,
        });
        slots.push(slot);
        return slot;
      }
      const slot = found.find((candidate) => identity.number !== null && candidate.number === identity.number) ?? found[0]!;
      slot.learn(identity, found.length === 1);
      return slot;
    });
    const toCreate = slots.filter((slot) => !slot.row);
    const toUpdate = slots.filter((slot) => slot.row && Object.keys(slot.changes).length > 0);
    if (toCreate.length === 0 && toUpdate.length === 0) return { rows: chosen.map((slot) => slot.row!), created: [], updated: [] };
    return group.as(companyId, async (tx) => {
      const created = await this.create(tx, companyId, toCreate);
      const updated: ContactRow[] = [];
      for (const slot of toUpdate) {
        const row = await this.contacts.update(tx, companyId, slot.row!.id, slot.changes);
        if (row) updated.push((slot.row = row));
      }
      return { rows: chosen.map((slot) => slot.row!), created, updated };
    });
  }

  /**
   * Inserts the batch's new contacts (in key order, so concurrent batches wait on each other
   * without deadlocking); a contact a concurrent batch created meanwhile is read instead.
   */
  private async create(tx: TicketsTx, companyId: number, slots: ContactSlot[]): Promise<ContactRow[]> {
    if (slots.length === 0) return [];
    const ordered = [...slots].sort((a, b) => a.key.localeCompare(b.key));
    const inserted = await this.contacts.insertManyIfAbsent(
      tx,
      ordered.map((slot) => slot.values),
    );
    const claim = (slot: ContactSlot, rows: ContactRow[]) =>
      rows.find((row) => slot.number !== null && row.number === slot.number) ??
      rows.find((row) => slot.lid !== null && row.lid === slot.lid);
    for (const slot of slots) slot.row = claim(slot, inserted) ?? null;
    const lost = slots.filter((slot) => !slot.row);
    if (lost.length > 0) {
      const winners = await this.contacts.findByIdentities(
        tx,
        companyId,
        lost.flatMap((slot) => (slot.number ? [slot.number] : [])),
        lost.flatMap((slot) => (slot.lid ? [slot.lid] : [])),
      );
      for (const slot of lost) slot.row = claim(slot, winners)!;
    }
    return slots.filter((slot) => inserted.includes(slot.row!)).map((slot) => slot.row!);
  }

  /** Every key's open or pending ticket: found in one statement for the group, or created pending in its company's scope (one statement for all its creations). */
  private async ticketsOfGroup(
    group: TicketsGroup,
    keysOf: ReadonlyMap<number, TicketKey[]>,
  ): Promise<{ ticketOf: Map<string, TicketRow>; createdTickets: Set<number> }> {
    const ticketOf = new Map<string, TicketRow>();
    const createdTickets = new Set<number>();
    const remember = (rows: TicketRow[]) =>
      rows.forEach((row) => ticketOf.set(ticketKey({ contactId: row.contactId, whatsappId: row.whatsappId ?? 0 }), row));
    const allKeys = [...keysOf.values()].flat();
    remember(
      await this.tickets.findActiveOfContacts(group.all, companiesOfGroup(group), [...new Set(allKeys.map((key) => key.contactId))]),
    );
    await Promise.all(
      [...keysOf].map(async ([companyId, keys]) => {
        const missing = [...new Map(keys.filter((key) => !ticketOf.has(ticketKey(key))).map((key) => [ticketKey(key), key])).values()];
        if (missing.length === 0) return;
        await group.as(companyId, async (tx) => {
          const queueOf = await this.defaultQueues(tx, companyId, [...new Set(missing.map((key) => key.whatsappId))]);
          const inserted = await this.tickets.insertManyIfNoActive(
            tx,
            missing
              .sort((a, b) => a.contactId - b.contactId || a.whatsappId - b.whatsappId)
              .map((key) => ({
                companyId,
                contactId: key.contactId,
                whatsappId: key.whatsappId,
                status: 'pending' as const,
                queueId: queueOf.get(key.whatsappId) ?? null,
                isGroup: key.isGroup,
              })),
          );
          remember(inserted);
          inserted.forEach((row) => createdTickets.add(row.id));
          if (inserted.length < missing.length) {
            // a concurrent batch opened some of them meanwhile
            remember(
              await this.tickets.findActiveOfContacts(
                tx,
                companyId,
                missing.filter((key) => !ticketOf.has(ticketKey(key))).map((key) => key.contactId),
              ),
            );
          }
        });
      }),
    );
    return { ticketOf, createdTickets };
  }

  /**
   * A connection with one queue sends its new customers there; with several, the chatbot
   * chooses. The batch's connections and their queues read in two statements, whatever their
   * number (one connection after the other, two each, was 60 round trips for a batch of new
   * customers over 30 numbers: bench/HISTORY.md, chatbot).
   */
  private async defaultQueues(tx: TicketsTx, companyId: number, whatsappIds: number[]): Promise<Map<number, number>> {
    const connections = await this.directory.whatsappsByIds(tx, companyId, whatsappIds);
    const existing = new Set(
      await this.queues.existing(tx, companyId, [...new Set(connections.flatMap((connection) => connection.queueIds))]),
    );
    const queueOf = new Map<number, number>();
    for (const connection of connections) {
      const queueIds = [...new Set(connection.queueIds)].filter((id) => existing.has(id));
      if (queueIds.length === 1) queueOf.set(connection.id, queueIds[0]!);
    }
    return queueOf;
  }
}

interface WantedContact {
  identity: Identity;
  /** The connection the identity wrote to (a new contact's). */
  whatsappId: number;
}

interface TicketKey {
  contactId: number;
  whatsappId: number;
  isGroup: boolean;
}

function ticketKey(key: Pick<TicketKey, 'contactId' | 'whatsappId'>): string {
  return `${key.contactId}:${key.whatsappId}`;
}
