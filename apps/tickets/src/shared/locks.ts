import { sql } from 'drizzle-orm';
import type { TicketsTx } from './tickets-database.js';

/**
 * Serialises, until the transaction ends, the work on one topic (e.g. 'queues.create') of one
 * key (a company, a message id) across every replica: a transaction-level advisory lock.
 */
export async function lockFor(tx: TicketsTx, topic: string, key: number | string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${topic}), hashtext(${String(key)}))`);
}
