import { sql, type SQL } from 'drizzle-orm';

/** What a lock needs of a transaction (every service's Drizzle transaction has it). */
export interface LockingTx {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * Serialises, until the transaction ends, the work on one topic (e.g. 'queues.create') of one
 * key (a company, a message id) across every replica: a transaction-level advisory lock.
 */
export function lockFor(tx: LockingTx, topic: string, key: number | string): Promise<void> {
  return lockKeys(tx, topic, [String(key)], 'exclusive');
}

/**
 * Locks several keys of one topic until the transaction ends, in one fixed order (so two
 * transactions locking overlapping keys wait for each other instead of deadlocking). Shared
 * locks only exclude exclusive ones.
 */
export async function lockKeys(tx: LockingTx, topic: string, keys: readonly string[], mode: 'shared' | 'exclusive'): Promise<void> {
  if (keys.length === 0) return;
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  const values = sql.join(
    keys.map((key) => sql`(${key}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    select count(${lock}(hashtext(${topic}), hashed.key))
    from (select distinct hashtext(listed.key) as key from (values ${values}) as listed(key) order by 1) as hashed`);
}
