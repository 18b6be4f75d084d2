import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { contacts, ticketTags, tickets } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

/** What delivering a campaign message reads and writes of contacts and tickets. */
@Injectable()
export class CampaignMessagesRepository {
  /** The contact with that number, created (name and email from the campaign's recipient) when there is none. */
  async contactFor(
    tx: TicketsTx,
    companyId: number,
    number: string,
    name: string,
    email: string | undefined,
  ): Promise<typeof contacts.$inferSelect> {
    const [inserted] = await tx
      .insert(contacts)
      .values({ companyId, number, name: name.slice(0, 100), email: email ?? '' })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [existing] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
    return existing!;
  }

  /**
   * The ticket the message goes into: the contact's active ticket on the connection when there is
   * one (it is already in the inbox), else its latest closed one there, else a new closed one —
   * so a campaign puts nothing in the agents' inbox.
   */
  async ticketFor(tx: TicketsTx, companyId: number, contactId: number, whatsappId: number): Promise<number> {
    const [latest] = await tx
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId)))
      .orderBy(sql`case when ${tickets.status} in ('open', 'pending') then 0 else 1 end`, desc(tickets.id))
      .limit(1);
    if (latest) return latest.id;
    const [created] = await tx.insert(tickets).values({ companyId, contactId, whatsappId, status: 'closed' }).returning({ id: tickets.id });
    return created!.id;
  }

  /** The contacts (with a number) of the company's tickets that carry the tag, each once. */
  async taggedContacts(tx: TicketsTx, companyId: number, tagId: number): Promise<Array<{ name: string; number: string; email: string }>> {
    const rows = await tx
      .selectDistinctOn([contacts.id], { name: contacts.name, number: contacts.number, email: contacts.email })
      .from(ticketTags)
      .innerJoin(tickets, eq(tickets.id, ticketTags.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.companyId, companyId), eq(ticketTags.tagId, tagId), isNotNull(contacts.number), eq(contacts.isGroup, false)));
    return rows.map((row) => ({ name: row.name, number: row.number!, email: row.email }));
  }
}
