import { Injectable } from '@nestjs/common';
import { and, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isAdmin, type TicketStatus, type TicketViewer } from '@atrium/contracts';
import { companyList, ofCompanies, ReusableSelect, type Companies } from '@atrium/database';
import { newestFirst, pageOffset } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { contacts, queues, tags, ticketTags, ticketTexts, tickets, userRefs, whatsappRefs } from '../db/schema.js';
import { alias } from 'drizzle-orm/pg-core';
import type { TicketsTx } from '../shared/tickets-database.js';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;

export const ONE_ACTIVE_TICKET_PER_CONTACT = 'tickets_one_active_per_contact';

/** A ticket with what its view shows: contact, queue, agent and connection names, tags. */
/** The contact's connection, joined beside the ticket's. */
const contactWhatsapps = alias(whatsappRefs, 'contact_whatsapps');

export interface TicketRecord {
  ticket: TicketRow;
  contact: typeof contacts.$inferSelect;
  queue: { id: number; name: string; color: string } | null;
  userName: string | null;
  whatsappName: string | null;
  /** The name of the contact's own connection (which may differ from the ticket's). */
  contactWhatsappName: string | null;
  tags: Array<{ id: number; name: string; color: string; kanban: number }>;
}

export interface TicketListFilter {
  viewer: TicketViewer;
  status?: TicketStatus;
  searchParam?: string;
  tagIds?: number[];
  userIds?: number[];
  queueIds?: number[];
  created?: { from: Date; until: Date };
  updated?: { from: Date; until: Date };
  /** Every agent's tickets (admins only); otherwise one's own and the pending ones. */
  showAll: boolean;
  withUnreadMessages: boolean;
}

/** The SQL of canSeeTicket (libs/contracts tickets/visibility.ts): the two must agree. */
export function visibleTo(viewer: TicketViewer): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return or(
    eq(tickets.userId, viewer.userId),
    viewer.queueIds.length > 0 ? inArray(tickets.queueId, viewer.queueIds) : undefined,
    viewer.allTicket === 'enabled' ? and(isNull(tickets.queueId), eq(tickets.status, 'pending')) : undefined,
  );
}

/**
 * The search tab's text match (spec 000: contact name, number and message bodies) with the
 * semantics of `ILIKE '%term%'` on each: a case-insensitive substring, the term taken literally
 * (`%` and `_` are plain characters), the number matched by the term's digits alone. In a UTF-8
 * database ILIKE compares `lower()` of both sides, so `strpos(lower(x), lower(term)) > 0` finds
 * the same rows, without ILIKE's lowering of the pattern on every row. Bodies are read from
 * ticket_texts, already lowercased (ADR 005). Both sides are uncorrelated subqueries: PostgreSQL
 * reads the company's contacts and texts once each and probes their hashed ticket sets.
 */
export function matchesText(companyId: number, term: string): SQL {
  const digits = term.replace(/\D/g, '');
  const byNumber = digits ? sql` or strpos(${contacts.number}, ${digits}::text) > 0` : sql``;
  return sql`(${tickets.contactId} in (select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${companyId} and (strpos(lower(${contacts.name}), lower(${term}::text)) > 0${byNumber}))
    or ${tickets.id} in (select ${ticketTexts.ticketId} from ${ticketTexts} where ${ticketTexts.companyId} = ${companyId} and strpos(${ticketTexts.text}, lower(${term}::text)) > 0))`;
}

/** Tickets carrying every one of these tags (the lists' tag filter). */
export function carriesEveryTag(companyId: number, tagIds: number[]): SQL {
  const wanted = [...new Set(tagIds)];
  return inArray(
    tickets.id,
    sql`(select ${ticketTags.ticketId} from ${ticketTags} where ${ticketTags.companyId} = ${companyId} and ${inArray(ticketTags.tagId, wanted)} group by ${ticketTags.ticketId} having count(*) = ${wanted.length})`,
  );
}

@Injectable()
export class TicketsRepository {
  async findById(tx: TicketsTx, companyId: number, id: number): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)));
    return row;
  }

  /** Locks the ticket's row until the transaction ends (concurrent transitions wait their turn). */
  async lockById(tx: TicketsTx, companyId: number, id: number): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .for('update');
    return row;
  }

  async findByUuid(tx: TicketsTx, companyId: number, uuid: string): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid)));
    return row;
  }

  /** The contact's open or pending ticket on that connection (at most one: ONE_ACTIVE_TICKET_PER_CONTACT). */
  async findActive(tx: TicketsTx, companyId: number, contactId: number, whatsappId: number | null): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, companyId),
          eq(tickets.contactId, contactId),
          sql`coalesce(${tickets.whatsappId}, 0) = ${whatsappId ?? 0}`,
          inArray(tickets.status, ['open', 'pending']),
        ),
      );
    return row;
  }

  /**
   * The company's contact with that number and its open or pending ticket on the connection, in
   * one query (the external API's send to a known contact); undefined when no contact has it.
   */
  async activeOfNumber(
    tx: TicketsTx,
    companyId: number,
    number: string,
    whatsappId: number,
  ): Promise<{ contactId: number; ticketId: number | null } | undefined> {
    const [row] = await this.activeOfNumberSelect.execute(tx, { companyId, number, whatsappId });
    return row;
  }

  /**
   * The record of the open or pending ticket on the connection of the company's contact with that
   * number, in one query (the external API's text to a known contact with an active ticket, its
   * common case); undefined when there is none (no such contact, or no active ticket).
   */
  async activeRecordOfNumber(tx: TicketsTx, companyId: number, number: string, whatsappId: number): Promise<TicketRecord | undefined> {
    const [row] = await this.activeRecordOfNumberSelect.execute(tx, { companyId, number, whatsappId });
    return row;
  }

  /** The open or pending tickets of these contacts (one per contact and connection at most). */
  /** `companies`: a company, or the companies of a group's transaction (`Database.withTenantGroup`). */
  findActiveOfContacts(tx: TicketsTx, companies: Companies, contactIds: number[]): Promise<TicketRow[]> {
    if (contactIds.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(tickets)
      .where(
        and(
          ofCompanies(tickets.companyId, companies),
          inArray(tickets.contactId, contactIds),
          inArray(tickets.status, ['open', 'pending']),
        ),
      );
  }

  /** Inserts unless the contact already has an active ticket on the connection (then undefined). */
  async insertIfNoActive(tx: TicketsTx, values: NewTicket): Promise<TicketRow | undefined> {
    const [row] = await this.insertManyIfNoActive(tx, [values]);
    return row;
  }

  /** Inserts in one statement the tickets whose contact has no active one on the connection yet. */
  async insertManyIfNoActive(tx: TicketsTx, values: NewTicket[]): Promise<TicketRow[]> {
    if (values.length === 0) return [];
    return tx.insert(tickets).values(values).onConflictDoNothing().returning();
  }

  /** A deleted user's open tickets go back to their queues' pending tickets, nobody assigned; answers their ids. */
  async releaseOpenOfUser(tx: TicketsTx, companyId: number, userId: number): Promise<number[]> {
    const rows = await tx
      .update(tickets)
      .set({ status: 'pending', userId: null, updatedAt: new Date() })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.userId, userId), eq(tickets.status, 'open')))
      .returning({ id: tickets.id });
    return rows.map((row) => row.id);
  }

  async update(tx: TicketsTx, companyId: number, id: number, values: Partial<NewTicket>): Promise<TicketRow | undefined> {
    const [row] = await tx
      .update(tickets)
      .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .returning();
    return row;
  }

  /** A new message: last message, one more unread (from the customer), to the top of the lists. */
  async touch(tx: TicketsTx, companyId: number, id: number, lastMessage: string, unread: boolean): Promise<void> {
    await this.touchMany(tx, companyId, [{ id, lastMessage, unread: unread ? 1 : 0, ours: !unread }]);
  }

  /**
   * New messages of several tickets in one statement: each ticket's last message, its unread
   * count raised by the customer's messages, to the top of the lists. Rows are locked in id order
   * (concurrent batches wait on each other instead of deadlocking). `ours`: the last of them is
   * ours, now waiting for the customer's reply (inactivity), else the customer spoke last.
   */
  /** `companies`: a company, or the companies of a group's transaction (the tickets' ids say whose). */
  async touchMany(
    tx: TicketsTx,
    companies: Companies,
    changes: Array<{ id: number; lastMessage: string; unread: number; ours: boolean }>,
  ): Promise<void> {
    if (changes.length === 0) return;
    const ordered = [...changes].sort((a, b) => a.id - b.id);
    const rows = sql.join(
      ordered.map((change) => sql`(${change.id}::int, ${change.lastMessage}::text, ${change.unread}::int, ${change.ours}::boolean)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${tickets} set
        last_message = touched.last_message,
        unread_messages = ${tickets.unreadMessages} + touched.unread,
        awaiting_reply_since = case when touched.ours then now() else null end,
        updated_at = now()
      from (values ${rows}) as touched(id, last_message, unread, ours)
      where ${ofCompanies(tickets.companyId, companies)} and ${tickets.id} = touched.id`);
  }

  /** The automaton's changes of several tickets (its chatbot flag, the queue chosen) in one statement, rows locked in id order. */
  async setBotFields(
    tx: TicketsTx,
    companyId: number,
    changes: Array<{ id: number; chatbot: boolean; queueId: number | null }>,
  ): Promise<void> {
    if (changes.length === 0) return;
    const rows = sql.join(
      [...changes]
        .sort((a, b) => a.id - b.id)
        .map((change) => sql`(${change.id}::int, ${change.chatbot}::boolean, ${change.queueId}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${tickets} set chatbot = changed.chatbot, queue_id = changed.queue_id, updated_at = now()
      from (values ${rows}) as changed(id, chatbot, queue_id)
      where ${tickets.companyId} = ${companyId} and ${tickets.id} = changed.id`);
  }

  async delete(tx: TicketsTx, companyId: number, id: number): Promise<TicketRow | undefined> {
    const [row] = await tx
      .delete(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .returning();
    return row;
  }

  /** Is this a queue of the company (a ticket may move into it)? */
  async queueExists(tx: TicketsTx, companyId: number, queueId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
    return row !== undefined;
  }

  /** Ids of every ticket in a queue (what deleting the queue leaves without one). */
  async idsInQueue(tx: TicketsTx, companyId: number, queueId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId)));
    return rows.map((row) => row.id);
  }

  /**
   * Ids of every ticket of this ticket's contact on its connection (the conversation's history),
   * found from the ticket's id: no round trip to read the ticket first. (Asked as ids, not used as
   * a subquery of the page: a history of one ticket then reads its page straight from the
   * ticket's newest-first index.)
   */
  async historyIds(tx: TicketsTx, companyId: number, ticketId: number): Promise<number[]> {
    const self = alias(tickets, 'history_of');
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(
        self,
        and(
          eq(self.companyId, companyId),
          eq(self.id, ticketId),
          eq(tickets.contactId, self.contactId),
          sql`coalesce(${tickets.whatsappId}, 0) = coalesce(${self.whatsappId}, 0)`,
        ),
      )
      .where(eq(tickets.companyId, companyId));
    return rows.map((row) => row.id);
  }

  /** Sets the unread count to 0, leaving the ticket's place in the lists (updated_at) alone; false when it was 0 already. */
  async resetUnread(tx: TicketsTx, companyId: number, id: number): Promise<boolean> {
    const rows = await tx
      .update(tickets)
      .set({ unreadMessages: 0 })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id), sql`${tickets.unreadMessages} > 0`))
      .returning({ id: tickets.id });
    return rows.length > 0;
  }

  /**
   * The records of these tickets, in the ids' order. The company is checked as a filter that no
   * index serves (`+ 0`), so the ids are always looked up by primary key: otherwise, with a young
   * company's statistics, PostgreSQL may walk every entry of the company's indexes instead (tens
   * of milliseconds once a busy ticket's updates have left many dead entries there).
   */
  /** `companies`: a company, or the companies of a group's transaction (`Database.withTenantGroup`). */
  async records(tx: TicketsTx, companies: Companies, ids: number[]): Promise<TicketRecord[]> {
    if (ids.length === 0) return [];
    // the ids as one array: the same statement for any number of tickets, built once and prepared
    // once per connection (the hot path reads ticket views several times per batch)
    const rows = await this.recordsSelect.execute(tx, { companyIds: companyList(companies), ids });
    const byId = new Map(rows.map((row) => [row.ticket.id, row]));
    return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  }

  /**
   * A page of the list: the page's ids first (tickets alone), in the order of the newest-first
   * indexes, then the 40 records by id; so a deep page costs an index walk, not a join of every
   * ticket of the company. A text search reads every ticket it matches anyway (to count them), so
   * its page and count come from one scan (`count(*) over ()`); only a page past the end asks
   * for the count again.
   */
  async page(
    tx: TicketsTx,
    companyId: number,
    filter: TicketListFilter,
    pageNumber: number | undefined,
  ): Promise<{ records: TicketRecord[]; count: number }> {
    const where = this.listWhere(companyId, filter);
    const offset = pageOffset(pageNumber, PAGE_SIZES.tickets);
    const searching = Boolean(filter.searchParam?.trim());
    const countAll = async () => (await tx.select({ n: count() }).from(tickets).where(where))[0]?.n ?? 0;
    // without a search, the count is sent with the page's ids (one round trip on the pipelined connection)
    const [page, counted] = await Promise.all([
      tx
        .select({ id: tickets.id, ...(searching && { total: sql<number>`count(*) over ()`.mapWith(Number) }) })
        .from(tickets)
        .where(where)
        .orderBy(newestFirst(tickets.updatedAt), newestFirst(tickets.id))
        .limit(PAGE_SIZES.tickets)
        .offset(offset),
      searching ? undefined : countAll(),
    ]);
    const total = counted ?? page[0]?.total ?? (offset > 0 ? await countAll() : 0);
    return {
      records: await this.records(
        tx,
        companyId,
        page.map((row) => row.id),
      ),
      count: total,
    };
  }

  /** How many tickets carry each tag. */
  async tagCounts(tx: TicketsTx, companyId: number, tagIds: number[]): Promise<Map<number, number>> {
    if (tagIds.length === 0) return new Map();
    const rows = await tx
      .select({ tagId: ticketTags.tagId, n: count() })
      .from(ticketTags)
      .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.tagId, tagIds)))
      .groupBy(ticketTags.tagId);
    return new Map(rows.map((row) => [row.tagId, row.n]));
  }

  /** Adds and removes tags on a ticket; ids that are not tags of the company are skipped. */
  async changeTags(tx: TicketsTx, companyId: number, ticketId: number, add: number[], remove: number[]): Promise<void> {
    if (remove.length > 0)
      await tx
        .delete(ticketTags)
        .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, remove)));
    if (add.length === 0) return;
    const known = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), inArray(tags.id, add)));
    if (known.length > 0)
      await tx
        .insert(ticketTags)
        .values(known.map((tag) => ({ companyId, ticketId, tagId: tag.id })))
        .onConflictDoNothing();
  }

  async replaceTags(tx: TicketsTx, companyId: number, ticketId: number, tagIds: number[]): Promise<void> {
    await tx.delete(ticketTags).where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId)));
    const unique = [...new Set(tagIds)];
    if (unique.length > 0) await tx.insert(ticketTags).values(unique.map((tagId) => ({ companyId, ticketId, tagId })));
  }

  private readonly activeOfNumberSelect = new ReusableSelect('tickets_active_of_number', (tx: TicketsTx, name) =>
    tx
      .select({ contactId: contacts.id, ticketId: tickets.id })
      .from(contacts)
      .leftJoin(
        tickets,
        and(
          eq(tickets.companyId, sql.placeholder('companyId')),
          eq(tickets.contactId, contacts.id),
          sql`coalesce(${tickets.whatsappId}, 0) = ${sql.placeholder('whatsappId')}`,
          inArray(tickets.status, ['open', 'pending']),
        ),
      )
      .where(and(eq(contacts.companyId, sql.placeholder('companyId')), eq(contacts.number, sql.placeholder('number'))))
      .limit(1)
      .prepare(name),
  );
  private readonly activeRecordOfNumberSelect = new ReusableSelect('tickets_active_record_of_number', (tx: TicketsTx, name) =>
    this.selectRecords(tx)
      .where(
        and(
          eq(contacts.companyId, sql.placeholder('companyId')),
          eq(contacts.number, sql.placeholder('number')),
          eq(tickets.companyId, sql.placeholder('companyId')),
          sql`coalesce(${tickets.whatsappId}, 0) = ${sql.placeholder('whatsappId')}`,
          inArray(tickets.status, ['open', 'pending']),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  private readonly recordsSelect = new ReusableSelect('tickets_records', (tx: TicketsTx, name) =>
    this.selectRecords(tx)
      .where(
        and(
          sql`${tickets.companyId} + 0 = any(${sql.placeholder('companyIds')}::int[])`,
          sql`${tickets.id} = any(${sql.placeholder('ids')}::int[])`,
        ),
      )
      .prepare(name),
  );

  /** Tickets with their view's data in one query; the tags come as a JSON array built beside each row. */
  private selectRecords(tx: TicketsTx) {
    return tx
      .select({
        ticket: tickets,
        contact: contacts,
        queue: { id: queues.id, name: queues.name, color: queues.color },
        userName: userRefs.name,
        whatsappName: whatsappRefs.name,
        contactWhatsappName: contactWhatsapps.name,
        tags: sql<TicketRecord['tags']>`coalesce((
          select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}, 'kanban', ${tags.kanban}) order by ${tags.name})
          from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
          where ${ticketTags.ticketId} = ${tickets.id}
        ), '[]'::json)`,
      })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(queues, eq(queues.id, tickets.queueId))
      .leftJoin(userRefs, eq(userRefs.id, tickets.userId))
      .leftJoin(whatsappRefs, eq(whatsappRefs.id, tickets.whatsappId))
      .leftJoin(contactWhatsapps, eq(contactWhatsapps.id, contacts.whatsappId))
      .$dynamic();
  }

  private listWhere(companyId: number, filter: TicketListFilter): SQL | undefined {
    const { viewer } = filter;
    const term = filter.searchParam?.trim();
    const conditions: Array<SQL | undefined> = [eq(tickets.companyId, companyId), visibleTo(viewer)];
    if (!term && !(filter.showAll && isAdmin(viewer))) {
      conditions.push(or(eq(tickets.userId, viewer.userId), eq(tickets.status, 'pending')));
    }
    if (filter.status) conditions.push(eq(tickets.status, filter.status));
    if (filter.queueIds?.length) conditions.push(or(inArray(tickets.queueId, filter.queueIds), isNull(tickets.queueId)));
    if (filter.userIds?.length) conditions.push(inArray(tickets.userId, filter.userIds));
    if (filter.withUnreadMessages) conditions.push(sql`${tickets.unreadMessages} > 0`);
    if (filter.created)
      conditions.push(sql`${tickets.createdAt} >= ${filter.created.from} and ${tickets.createdAt} < ${filter.created.until}`);
    if (filter.updated)
      conditions.push(sql`${tickets.updatedAt} >= ${filter.updated.from} and ${tickets.updatedAt} < ${filter.updated.until}`);
    if (filter.tagIds?.length) conditions.push(carriesEveryTag(companyId, filter.tagIds));
    if (term) conditions.push(matchesText(companyId, term));
    return and(...conditions);
  }
}
