import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { mediaHolds, messages, quickMessages, tickets } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

/** What keeps a stored file of a company alive: messages and quick messages carrying it, and sends about to. */
@Injectable()
export class MediaReferencesRepository {
  /** Which of these files a message, a quick message or an unexpired hold still references. */
  async inUse(tx: TicketsTx, companyId: number, paths: readonly string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const listed = [...paths];
    const rows = await tx
      .selectDistinct({ path: messages.mediaPath })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), inArray(messages.mediaPath, listed)))
      .union(
        tx
          .selectDistinct({ path: quickMessages.mediaPath })
          .from(quickMessages)
          .where(and(eq(quickMessages.companyId, companyId), inArray(quickMessages.mediaPath, listed))),
      )
      .union(
        tx
          .selectDistinct({ path: mediaHolds.path })
          .from(mediaHolds)
          .where(and(eq(mediaHolds.companyId, companyId), inArray(mediaHolds.path, listed), sql`${mediaHolds.expiresAt} > now()`)),
      );
    return new Set(rows.map((row) => row.path!));
  }

  /** The name a message or quick message of the company gives this stored file (a key says nothing of it). */
  async nameOf(tx: TicketsTx, companyId: number, path: string): Promise<string | null> {
    const [sent] = await tx
      .select({ name: messages.mediaName })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.mediaPath, path), isNotNull(messages.mediaName)))
      .limit(1);
    if (sent) return sent.name;
    const [quick] = await tx
      .select({ name: quickMessages.mediaName })
      .from(quickMessages)
      .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.mediaPath, path), isNotNull(quickMessages.mediaName)))
      .limit(1);
    return quick?.name ?? null;
  }

  async addHold(tx: TicketsTx, companyId: number, path: string, ttlMs: number): Promise<number> {
    const [row] = await tx
      .insert(mediaHolds)
      .values({ companyId, path, expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'` })
      .returning({ id: mediaHolds.id });
    return row!.id;
  }

  async releaseHold(tx: TicketsTx, companyId: number, id: number): Promise<void> {
    await tx.delete(mediaHolds).where(and(eq(mediaHolds.companyId, companyId), eq(mediaHolds.id, id)));
  }

  /** Forgets the holds on these files whose senders never released them. */
  async dropExpiredHolds(tx: TicketsTx, companyId: number, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await tx
      .delete(mediaHolds)
      .where(and(eq(mediaHolds.companyId, companyId), inArray(mediaHolds.path, [...paths]), lte(mediaHolds.expiresAt, sql`now()`)));
  }

  /** The stored files the messages of a ticket, or of every ticket of a contact, carry. */
  async ofMessages(tx: TicketsTx, companyId: number, of: { ticketId: number } | { contactId: number }): Promise<string[]> {
    const owner =
      'ticketId' in of
        ? eq(messages.ticketId, of.ticketId)
        : inArray(messages.ticketId, this.ticketsOfContact(tx, companyId, of.contactId));
    const rows = await tx
      .selectDistinct({ path: messages.mediaPath })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), owner, isNotNull(messages.mediaPath)));
    return rows.map((row) => row.path!);
  }

  private ticketsOfContact(tx: TicketsTx, companyId: number, contactId: number) {
    return tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)));
  }
}
