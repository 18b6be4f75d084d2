import { Injectable } from '@nestjs/common';
import type { WhatsappProvider } from '@atrium/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { customerWindows, whatsappRefs } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

/** One conversation's side of the window: a contact on a connection. */
export interface WindowKey {
  whatsappId: number;
  contactId: number;
}

/** A conversation's window as a send sees it: the connection's channel and the customer's last message. */
export interface WindowState extends WindowKey {
  provider: WhatsappProvider;
  lastCustomerMessageAt: Date | null;
}

const keyOf = ({ whatsappId, contactId }: WindowKey) => `${whatsappId}:${contactId}`;

/** The customer-service windows (tickets.customer_windows): when each customer last wrote on each connection. */
@Injectable()
export class CustomerWindowsRepository {
  /**
   * Customers' messages (of a company, or of a group's companies) moving their windows on, in one statement: each pair keeps
   * its latest time, so a late redelivery or an older message arriving after a newer one never
   * moves a window back.
   */
  async record(tx: TicketsTx, messages: Array<WindowKey & { companyId: number; at: Date }>): Promise<void> {
    if (messages.length === 0) return;
    const latest = new Map<string, WindowKey & { companyId: number; at: Date }>();
    for (const message of messages) {
      const known = latest.get(keyOf(message));
      if (!known || known.at < message.at) latest.set(keyOf(message), message);
    }
    // in key order: concurrent batches of one company wait on each other instead of deadlocking
    const rows = [...latest.values()]
      .sort((a, b) => a.whatsappId - b.whatsappId || a.contactId - b.contactId)
      .map(({ companyId, whatsappId, contactId, at }) => ({ companyId, whatsappId, contactId, lastCustomerMessageAt: at }));
    await tx
      .insert(customerWindows)
      .values(rows)
      .onConflictDoUpdate({
        target: [customerWindows.companyId, customerWindows.whatsappId, customerWindows.contactId],
        set: {
          lastCustomerMessageAt: sql`greatest(${customerWindows.lastCustomerMessageAt}, excluded.last_customer_message_at)`,
        },
      });
  }

  /** The windows of these conversations with their connections' channels, in the keys' order (connections unknown here count as `beta`). */
  async states(tx: TicketsTx, companyId: number, keys: WindowKey[]): Promise<WindowState[]> {
    if (keys.length === 0) return [];
    const whatsappIds = [...new Set(keys.map((key) => key.whatsappId))];
    const contactIds = [...new Set(keys.map((key) => key.contactId))];
    const [providers, windows] = await Promise.all([
      tx
        .select({ id: whatsappRefs.id, provider: whatsappRefs.provider })
        .from(whatsappRefs)
        .where(and(eq(whatsappRefs.companyId, companyId), inArray(whatsappRefs.id, whatsappIds))),
      tx
        .select()
        .from(customerWindows)
        .where(
          and(
            eq(customerWindows.companyId, companyId),
            inArray(customerWindows.whatsappId, whatsappIds),
            inArray(customerWindows.contactId, contactIds),
          ),
        ),
    ]);
    const providerOf = new Map(providers.map((row) => [row.id, row.provider]));
    const lastOf = new Map(windows.map((row) => [keyOf(row), row.lastCustomerMessageAt]));
    return keys.map((key) => ({
      ...key,
      provider: providerOf.get(key.whatsappId) ?? 'beta',
      lastCustomerMessageAt: lastOf.get(keyOf(key)) ?? null,
    }));
  }
}
