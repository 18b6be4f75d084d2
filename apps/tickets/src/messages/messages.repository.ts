import { Injectable } from '@nestjs/common';
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ReusableSelect } from '@atrium/database';
import { newestFirst, pageOffset } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { contacts, messages } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

export type MessageRow = typeof messages.$inferSelect;
/** A message to store: the database numbers and dates it. */
export type NewMessage = Omit<typeof messages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A row of `tickets.messages` as PostgreSQL returns it (`returning *`; dates as text, as drizzle reads them), as drizzle's select maps it. */
function messageRowOf(row: Record<string, unknown>): MessageRow {
  return {
    id: row.id as number,
    companyId: row.company_id as number,
    ticketId: row.ticket_id as number,
    contactId: row.contact_id as number | null,
    whatsappId: row.whatsapp_id as number | null,
    wid: row.wid as string | null,
    sendId: row.send_id as string | null,
    body: row.body as string,
    fromMe: row.from_me as boolean,
    mediaType: row.media_type as MessageRow['mediaType'],
    mediaPath: row.media_path as string | null,
    mediaName: row.media_name as string | null,
    quotedMsgId: row.quoted_msg_id as number | null,
    ack: row.ack as number,
    error: (row.error as string | null | undefined) ?? null,
    read: row.read as boolean,
    isDeleted: row.is_deleted as boolean,
    isEdited: row.is_edited as boolean,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

type ContactRef = { id: number; name: string; number: string | null };

/** A message with what its view shows: author, and the quoted message with its author. */
export interface MessageRecord {
  message: MessageRow;
  contact: ContactRef | null;
  quoted: MessageRow | null;
  quotedContact: { id: number; name: string } | null;
}

/**
 * Lookups by channel id take the keys as two aligned arrays (connection, channel id) read as pairs
 * (`unnest`), so the statement is the same for any number of keys (built once, prepared once per
 * connection: hot paths use it). Each pair is looked up on its own, in a lateral subquery with a
 * limit (PostgreSQL cannot fold it into a join), so the plan is one probe of the channel-id index
 * a pair whatever the planner believes of the table. As a join or an `in (…)`, a plan made
 * without statistics (a new database, the first minute before autovacuum; a prepared statement
 * keeps its first plan) read every message of the company and kept the pairs that matched: 10-230 ms
 * a call once the table had grown (bench/HISTORY.md, chatbot). Its values come from `channelIdValues`.
 */
const channelIdKeys = sql`unnest(${sql.placeholder('whatsappIds')}::int[], ${sql.placeholder('wids')}::varchar[]) as channel_ids(whatsapp_id, wid)`;

/** The same keys, each with its company: `unnest(companyIds, whatsappIds, wids)` (a group of companies' lookups in one statement). */
const companyChannelIdKeys = sql`unnest(${sql.placeholder('companyIds')}::int[], ${sql.placeholder('whatsappIds')}::int[], ${sql.placeholder('wids')}::varchar[]) as channel_ids(company_id, whatsapp_id, wid)`;

/** The message of one pair of `channelIdKeys` (unique per company and connection); of one triple of `companyChannelIdKeys` with `ofKeysCompany`. */
function messageOfChannelId(tx: TicketsTx, ofKeysCompany = false) {
  return tx
    .select()
    .from(messages)
    .where(
      and(
        ofKeysCompany ? sql`${messages.companyId} = channel_ids.company_id` : eq(messages.companyId, sql.placeholder('companyId')),
        sql`${messages.whatsappId} = channel_ids.whatsapp_id`,
        sql`${messages.wid} = channel_ids.wid`,
      ),
    )
    .limit(1)
    .as('found');
}

const messageColumns = getTableColumns(messages);

/** A subquery's columns of a message, selected as the message (`select().from(messages)` maps them so). */
function messageColumnsOf(subquery: Record<keyof typeof messageColumns, unknown>): typeof messageColumns {
  return Object.fromEntries(
    Object.keys(messageColumns).map((key) => [key, subquery[key as keyof typeof messageColumns]]),
  ) as unknown as typeof messageColumns;
}

function channelIdValues(companyId: number, keys: Array<{ whatsappId: number; wid: string }>) {
  return { companyId, whatsappIds: keys.map((key) => key.whatsappId), wids: keys.map((key) => key.wid) };
}

const quotedMessages = alias(messages, 'quoted_messages');
const quotedContacts = alias(contacts, 'quoted_contacts');

@Injectable()
export class MessagesRepository {
  async findById(tx: TicketsTx, companyId: number, id: number): Promise<MessageRow | undefined> {
    const [row] = await this.byIdSelect.execute(tx, { companyId, id });
    return row;
  }

  /** The stored messages of these channel ids (each unique per connection). */
  findByWids(tx: TicketsTx, companyId: number, keys: Array<{ whatsappId: number; wid: string }>): Promise<MessageRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.byWidsSelect.execute(tx, channelIdValues(companyId, keys));
  }

  /** The stored messages of these channel ids, each key of its company (a group of companies' batches: `Database.withTenantGroup`). */
  findByCompanyWids(tx: TicketsTx, keys: Array<{ companyId: number; whatsappId: number; wid: string }>): Promise<MessageRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    // one company's keys: the statement a company's own lookups use
    if (keys.every((key) => key.companyId === keys[0]!.companyId)) return this.findByWids(tx, keys[0]!.companyId, keys);
    return this.byCompanyWidsSelect.execute(tx, {
      companyIds: keys.map((key) => key.companyId),
      whatsappIds: keys.map((key) => key.whatsappId),
      wids: keys.map((key) => key.wid),
    });
  }

  /** Our messages stored under these chosen ids (a retried send's earlier row). */
  findBySendIds(tx: TicketsTx, companyId: number, keys: Array<{ whatsappId: number; sendId: string }>): Promise<MessageRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          sql`(${messages.whatsappId}, ${messages.sendId}) in (select * from unnest(${sql.param(keys.map((k) => k.whatsappId))}::int[], ${sql.param(keys.map((k) => k.sendId))}::varchar[]))`,
        ),
      );
  }

  /** Inserts unless the channel id is already stored (a redelivery); undefined then. */
  async insertIfAbsent(tx: TicketsTx, values: NewMessage): Promise<MessageRow | undefined> {
    const [row] = await this.insertManyIfAbsent(tx, [values]);
    return row;
  }

  /**
   * Inserts in one statement, in order, those whose channel id (or chosen send id) is not stored
   * yet; answers the rows inserted. Plain SQL, one array per column (`unnest`): the statement and its parameters are
   * the same few whatever the number of rows (a batch of inbound messages, the bot's answers),
   * where drizzle's builder would write and check every column of every row.
   */
  async insertManyIfAbsent(tx: TicketsTx, values: NewMessage[]): Promise<MessageRow[]> {
    if (values.length === 0) return [];
    // one parameter per column: its values as an array
    const column = <T>(pick: (value: NewMessage) => T) => sql.param(values.map(pick));
    const result = await tx.execute(sql`
      insert into ${messages} (company_id, ticket_id, contact_id, whatsapp_id, wid, send_id, body, from_me, media_type, media_path, media_name, quoted_msg_id, ack, read, is_deleted, is_edited)
      select * from unnest(
        ${column((v) => v.companyId)}::int[], ${column((v) => v.ticketId)}::int[], ${column((v) => v.contactId ?? null)}::int[],
        ${column((v) => v.whatsappId ?? null)}::int[], ${column((v) => v.wid ?? null)}::varchar[], ${column((v) => v.sendId ?? null)}::varchar[],
        ${column((v) => v.body ?? '')}::text[],
        ${column((v) => v.fromMe ?? false)}::boolean[], ${column((v) => v.mediaType ?? 'chat')}::varchar[], ${column((v) => v.mediaPath ?? null)}::varchar[],
        ${column((v) => v.mediaName ?? null)}::varchar[], ${column((v) => v.quotedMsgId ?? null)}::int[], ${column((v) => v.ack ?? 0)}::smallint[],
        ${column((v) => v.read ?? false)}::boolean[], ${column((v) => v.isDeleted ?? false)}::boolean[], ${column((v) => v.isEdited ?? false)}::boolean[])
      on conflict do nothing
      returning *`);
    return result.rows.map(messageRowOf);
  }

  async update(tx: TicketsTx, companyId: number, id: number, values: Partial<NewMessage>): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .returning();
    return row;
  }

  async delete(tx: TicketsTx, companyId: number, id: number): Promise<void> {
    await tx.delete(messages).where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  }

  /** Raises a sent message's ack (acks only grow; a failure marks only a message not yet delivered, with why when the network said). */
  async raiseAck(
    tx: TicketsTx,
    companyId: number,
    whatsappId: number,
    wid: string,
    ack: number,
    error?: string,
  ): Promise<MessageRow | undefined> {
    const [row] = await tx
      .update(messages)
      .set({ ack, updatedAt: new Date(), error: ack < 0 && error ? error.slice(0, 1000) : null })
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.whatsappId, whatsappId),
          eq(messages.wid, wid),
          // a failure (-1) replaces pending or sent (Meta reports `failed` after `sent`), never delivered or read
          ack < 0
            ? sql`${messages.ack} <= 1`
            : ack > 1
              ? sql`${messages.ack} < ${ack}`
              : sql`${messages.ack} >= 0 and ${messages.ack} < ${ack}`,
        ),
      )
      .returning();
    return row;
  }

  /**
   * Sent messages learn their channel id and ack, in one statement (rows locked in id order);
   * answers the rows.
   */
  async recordSent(tx: TicketsTx, companyId: number, sent: Array<{ id: number; wid: string; ack: number }>): Promise<MessageRow[]> {
    if (sent.length === 0) return [];
    const rows = [...sent].sort((a, b) => a.id - b.id);
    return this.updateFound(
      tx,
      sql`unnest(${sql.param(rows.map((row) => row.id))}::int[], ${sql.param(rows.map((row) => row.wid))}::varchar[], ${sql.param(rows.map((row) => row.ack))}::smallint[]) as keys(id, wid, ack)`,
      sql`probe.company_id = ${companyId} and probe.id = keys.id`,
      sql`wid = found.wid, ack = greatest(${messages.ack}, found.ack)`,
    );
  }

  /**
   * Raises several sent messages' acks in one statement (acks only grow; for a failure, -1, use
   * raiseAck); answers the rows changed.
   */
  async raiseAcks(tx: TicketsTx, companyId: number, acks: Array<{ whatsappId: number; wid: string; ack: number }>): Promise<MessageRow[]> {
    const highest = new Map<string, { whatsappId: number; wid: string; ack: number }>();
    for (const item of acks) {
      if (item.ack <= 0) throw new Error('raiseAcks takes delivery acks only');
      const key = `${item.whatsappId}:${item.wid}`;
      if ((highest.get(key)?.ack ?? 0) < item.ack) highest.set(key, item);
    }
    if (highest.size === 0) return [];
    const rows = [...highest.values()];
    return this.updateFound(
      tx,
      sql`unnest(${sql.param(rows.map((row) => row.whatsappId))}::int[], ${sql.param(rows.map((row) => row.wid))}::varchar[], ${sql.param(rows.map((row) => row.ack))}::smallint[]) as keys(whatsapp_id, wid, ack)`,
      sql`probe.company_id = ${companyId} and probe.whatsapp_id = keys.whatsapp_id and probe.wid = keys.wid`,
      sql`ack = found.ack, error = null`,
      // a late `sent` never undoes a failure (Meta's statuses arrive out of order); delivered or read proves it arrived
      sql`${messages.ack} < found.ack and (${messages.ack} >= 0 or found.ack > 1)`,
    );
  }

  /**
   * Updates the messages that `keys` (an `unnest(…) as keys(…)`, one row a message) name: each key's
   * message is found on its own by `match` over `probe` (a lateral subquery with a limit: one index
   * probe a key), and the update takes the messages found by primary key (`id = any(…)`), setting
   * `set` from `found` (the key's columns and the message's id). Joined on the keys as a plain
   * `update … from`, a plan made without statistics (a new database, before autovacuum's first
   * pass) read every message of the company for each key (bench/HISTORY.md, chatbot).
   */
  private async updateFound(tx: TicketsTx, keys: SQL, match: SQL, set: SQL, where: SQL = sql`true`): Promise<MessageRow[]> {
    const result = await tx.execute(sql`
      with found as (
        select keys.*, probe_hit.id as message_id
        from ${keys}
        cross join lateral (select probe.id from ${messages} as probe where ${match} limit 1) as probe_hit
      )
      update ${messages} set ${set}, updated_at = ${new Date()}
      from found
      where ${messages.id} = any(array(select message_id from found)) and ${messages.id} = found.message_id and ${where}
      returning ${messages}.*`);
    return result.rows.map(messageRowOf);
  }

  /** A page of a conversation (the messages of these tickets), newest first (the service puts it back in reading order). */
  async page(
    tx: TicketsTx,
    companyId: number,
    ticketIds: number[],
    pageNumber: number | undefined,
  ): Promise<{ records: MessageRecord[]; count: number }> {
    const where = and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds));
    // issued together: one round trip on the pipelined connection
    const [rows, [total]] = await Promise.all([
      this.selectRecords(tx)
        .where(where)
        .orderBy(newestFirst(messages.createdAt), newestFirst(messages.id))
        .limit(PAGE_SIZES.messages)
        .offset(pageOffset(pageNumber, PAGE_SIZES.messages)),
      tx.select({ n: count() }).from(messages).where(where),
    ]);
    return { records: rows, count: total?.n ?? 0 };
  }

  async record(tx: TicketsTx, companyId: number, id: number): Promise<MessageRecord | undefined> {
    const [row] = await this.selectRecords(tx).where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
    return row;
  }

  /** The records of these messages (in no particular order). */
  records(tx: TicketsTx, companyId: number, ids: number[]): Promise<MessageRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.selectRecords(tx).where(and(eq(messages.companyId, companyId), inArray(messages.id, ids)));
  }

  /** The records of the messages with these channel ids (in no particular order). */
  recordsByWid(tx: TicketsTx, companyId: number, keys: Array<{ whatsappId: number; wid: string }>): Promise<MessageRecord[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.recordsByWidSelect.execute(tx, channelIdValues(companyId, keys));
  }

  /** Marks the customer's unread messages of these tickets read; answers the channel ids per connection. */
  async markRead(tx: TicketsTx, companyId: number, ticketIds: number[]): Promise<Array<{ whatsappId: number | null; wid: string | null }>> {
    return tx
      .update(messages)
      .set({ read: true })
      .where(
        and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds), eq(messages.read, false), eq(messages.fromMe, false)),
      )
      .returning({ whatsappId: messages.whatsappId, wid: messages.wid });
  }

  /** The tickets whose messages carry a stored file (a re-sent file is in several; at most `limit`). */
  async ticketsOfMedia(tx: TicketsTx, companyId: number, mediaPath: string, limit: number): Promise<number[]> {
    const rows = await tx
      .selectDistinct({ ticketId: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.mediaPath, mediaPath)))
      .limit(limit);
    return rows.map((row) => row.ticketId);
  }

  /** The ticket's last `limit` text messages (non-empty chat bodies, not deleted), newest first. */
  lastTexts(
    tx: TicketsTx,
    companyId: number,
    ticketId: number,
    limit: number,
  ): Promise<Array<Pick<MessageRow, 'id' | 'fromMe' | 'body' | 'createdAt'>>> {
    return tx
      .select({ id: messages.id, fromMe: messages.fromMe, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.ticketId, ticketId),
          eq(messages.mediaType, 'chat'),
          eq(messages.isDeleted, false),
          sql`${messages.body} <> ''`,
        ),
      )
      .orderBy(newestFirst(messages.createdAt), newestFirst(messages.id))
      .limit(limit);
  }

  private readonly byIdSelect = new ReusableSelect('message_by_id', (tx: TicketsTx, name) =>
    tx
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, sql.placeholder('companyId')), eq(messages.id, sql.placeholder('id'))))
      .prepare(name),
  );
  private readonly byWidsSelect = new ReusableSelect('messages_by_wids', (tx: TicketsTx, name) => {
    const found = messageOfChannelId(tx);
    return tx
      .select(messageColumnsOf(found))
      .from(channelIdKeys)
      .innerJoinLateral(found, sql`true`)
      .prepare(name);
  });

  private readonly byCompanyWidsSelect = new ReusableSelect('messages_by_company_wids', (tx: TicketsTx, name) => {
    const found = messageOfChannelId(tx, true);
    return tx
      .select(messageColumnsOf(found))
      .from(companyChannelIdKeys)
      .innerJoinLateral(found, sql`true`)
      .prepare(name);
  });
  /** As `selectRecords`, each pair's message, author, quoted message and its author looked up on their own (lateral, as `channelIdKeys` says). */
  private readonly recordsByWidSelect = new ReusableSelect('message_records_by_wids', (tx: TicketsTx, name) => {
    const found = messageOfChannelId(tx);
    const author = tx
      .select({ id: contacts.id, name: contacts.name, number: contacts.number })
      .from(contacts)
      .where(eq(contacts.id, found.contactId))
      .limit(1)
      .as('author');
    const quoted = tx.select().from(messages).where(eq(messages.id, found.quotedMsgId)).limit(1).as('quoted');
    const quotedAuthor = tx
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(eq(contacts.id, quoted.contactId))
      .limit(1)
      .as('quoted_author');
    return tx
      .select({
        message: messageColumnsOf(found),
        contact: { id: author.id, name: author.name, number: author.number },
        quoted: messageColumnsOf(quoted),
        quotedContact: { id: quotedAuthor.id, name: quotedAuthor.name },
      })
      .from(channelIdKeys)
      .innerJoinLateral(found, sql`true`)
      .leftJoinLateral(author, sql`true`)
      .leftJoinLateral(quoted, sql`true`)
      .leftJoinLateral(quotedAuthor, sql`true`)
      .prepare(name);
  });

  private selectRecords(tx: TicketsTx) {
    return tx
      .select({
        message: messages,
        contact: { id: contacts.id, name: contacts.name, number: contacts.number },
        quoted: quotedMessages,
        quotedContact: { id: quotedContacts.id, name: quotedContacts.name },
      })
      .from(messages)
      .leftJoin(contacts, eq(contacts.id, messages.contactId))
      .leftJoin(quotedMessages, eq(quotedMessages.id, messages.quotedMsgId))
      .leftJoin(quotedContacts, eq(quotedContacts.id, quotedMessages.contactId))
      .$dynamic();
  }
}
