import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createLogger } from '@atrium/logging';
import { LeasedWork, RowLeases, type LeasedRow, type LeasedWorkOptions, type SystemDatabase } from './index.js';

const OWNER_URL = process.env.TEST_DATABASE_OWNER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('LeasedWork over a real PostgreSQL table', () => {
  const schema = `leases_${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: OWNER_URL, max: 8 });
  const db = drizzle(pool);
  const database: SystemDatabase = { asSystem: (work) => db.transaction((tx) => work(tx)) };
  const logger = createLogger({ service: 'test', level: 'silent' });
  const leases = new RowLeases(database, {
    schema,
    table: 'turns',
    id: 'id',
    key: ['company_id', 'ticket_id'],
    order: ['sequence'],
    pending: sql`status = 'pending'`,
    dueSince: sql`created_at`,
    columns: ['company_id', 'ticket_id', 'sequence'],
  });
  const loops: LeasedWork[] = [];
  const loop = (handle: LeasedWorkOptions['handle'], options: Partial<LeasedWorkOptions> = {}): LeasedWork => {
    const work = new LeasedWork({
      name: 'test turns',
      leases,
      handle,
      leaseMs: 1_500,
      pollMs: 100,
      concurrency: 4,
      retryAfterMs: 300,
      logger,
      ...options,
    });
    loops.push(work);
    work.start();
    return work;
  };
  const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await pool.query(text, values)).rows as T[];
  const insert = (rows: Array<[number, number, number]>) =>
    query(`insert into ${schema}.turns (company_id, ticket_id, sequence) select * from unnest($1::int[], $2::int[], $3::int[])`, [
      rows.map((row) => row[0]),
      rows.map((row) => row[1]),
      rows.map((row) => row[2]),
    ]);
  const markDone = (id: number) => query(`update ${schema}.turns set status = 'done', done_count = done_count + 1 where id = $1`, [id]);
  const pendingCount = async () =>
    Number((await query<{ n: string }>(`select count(*) as n from ${schema}.turns where status = 'pending'`))[0]!.n);

  beforeAll(async () => {
    await pool.query(`create schema ${schema}`);
    await pool.query(`create table ${schema}.turns (
      id serial primary key, company_id int not null, ticket_id int not null, sequence int not null,
      status text not null default 'pending', done_count int not null default 0, created_at timestamptz not null default now(),
      leased_by text, leased_until timestamptz)`);
  });
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((work) => work.stop()));
    await pool.query(`truncate ${schema}.turns`);
  });
  afterAll(async () => {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  });

  it('runs every row once across two replicas, one row of a key at a time, in order per key', async () => {
    const rows: Array<[number, number, number]> = [];
    for (let ticket = 1; ticket <= 12; ticket++)
      for (let sequence = 1; sequence <= 6; sequence++) rows.push([(ticket % 3) + 1, ticket, sequence]);
    await insert(rows);
    const seen = new Map<number, number[]>();
    const running = new Set<number>();
    const overlaps: number[] = [];
    const handle = async (row: LeasedRow) => {
      const ticket = row.values.ticket_id as number;
      if (running.has(ticket)) overlaps.push(ticket);
      running.add(ticket);
      await sleep(5 + Math.random() * 20);
      seen.set(ticket, [...(seen.get(ticket) ?? []), row.values.sequence as number]);
      await markDone(row.id);
      running.delete(ticket);
    };
    const first = loop(handle);
    const second = loop(handle);
    await until('every row done', async () => (await pendingCount()) === 0);
    await until('the leases released', async () => first.held + second.held === 0);

    expect(overlaps).toEqual([]);
    for (let ticket = 1; ticket <= 12; ticket++) expect(seen.get(ticket)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      await query(`select id from ${schema}.turns where done_count <> 1 or leased_by is not null or leased_until is not null`),
    ).toEqual([]);
    const metrics = [first.metrics(), second.metrics()];
    expect(metrics[0]!.claimed + metrics[1]!.claimed).toBe(72);
    expect(metrics[0]!.done + metrics[1]!.done).toBe(72);
    // both replicas took a share of the work
    expect(metrics[0]!.done).toBeGreaterThan(0);
    expect(metrics[1]!.done).toBeGreaterThan(0);
    expect(metrics[0]!.runMs.count + metrics[1]!.runMs.count).toBe(72);
    expect(metrics[0]!.waitMs.count + metrics[1]!.waitMs.count).toBe(72);
    expect(metrics[0]!.failed + metrics[1]!.failed + metrics[0]!.leasesLost + metrics[1]!.leasesLost).toBe(0);
  });

  it('takes over a dead holder’s row once its lease lapses, and keeps the key’s order meanwhile', async () => {
    await insert([
      [1, 1, 1],
      [1, 1, 2],
      [1, 2, 1],
    ]);
    // a replica that claimed and died: its lease is never renewed nor released
    const dead = await leases.claim('dead-replica', 10, 1_000);
    expect(dead.map((row) => [row.values.ticket_id, row.values.sequence]).sort()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const order: string[] = [];
    const claimedAt: number[] = [];
    const started = Date.now();
    loop(async (row) => {
      claimedAt.push(Date.now() - started);
      order.push(`${row.values.ticket_id}.${row.values.sequence}`);
      await markDone(row.id);
    });
    await until('every row done', async () => (await pendingCount()) === 0);
    expect(order.filter((turn) => turn.startsWith('1.'))).toEqual(['1.1', '1.2']);
    expect(order.sort()).toEqual(['1.1', '1.2', '2.1']);
    // nothing ran while the dead replica's leases were live
    expect(Math.min(...claimedAt)).toBeGreaterThanOrEqual(800);
  });

  it('hands its rows over at once on stop, and stops a handler whose lease was lost', async () => {
    await insert([
      [1, 1, 1],
      [1, 2, 1],
    ]);
    const aborted: string[] = [];
    const holding = loop(async (row, lease) => {
      await new Promise<void>((resolve) => lease.signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted.push(`${row.values.ticket_id}:${(lease.signal.reason as Error).message}`);
    });
    await until('both rows held', () => holding.held === 2);

    // another replica took ticket 2's row (the lease had lapsed while this one stalled)
    await query(`update ${schema}.turns set leased_by = 'other-replica' where ticket_id = 2`);
    await until('the lost lease seen at a heartbeat', () => aborted.includes('2:lease lost'));
    expect(holding.metrics().leasesLost).toBe(1);
    expect(holding.metrics().done).toBe(0);

    // a SIGTERM: the row still held goes back at once, long before its lease would lapse
    await query(`update ${schema}.turns set leased_by = null, leased_until = null where ticket_id = 2`);
    await holding.stop();
    expect(aborted).toContain('1:stopping');
    expect(await query(`select ticket_id from ${schema}.turns where leased_until is not null`)).toEqual([]);
    const stoppedAt = Date.now();
    const taken: number[] = [];
    loop(async (row) => {
      taken.push(row.values.ticket_id as number);
      await markDone(row.id);
    });
    await until('the next replica ran both rows', async () => (await pendingCount()) === 0);
    expect(taken.sort()).toEqual([1, 2]);
    expect(Date.now() - stoppedAt).toBeLessThan(1_500);
  });

  it('holds a failed row back, then runs it again, and its key waits for it', async () => {
    await insert([
      [1, 1, 1],
      [1, 1, 2],
    ]);
    const runs: string[] = [];
    const work = loop(
      async (row) => {
        runs.push(`${row.values.sequence}`);
        if (row.values.sequence === 1 && runs.length === 1) throw new Error('provider down');
        await markDone(row.id);
      },
      { retryAfterMs: 400 },
    );
    await until('every row done', async () => (await pendingCount()) === 0);
    expect(runs).toEqual(['1', '1', '2']);
    expect(work.metrics()).toMatchObject({ claimed: 3, done: 2, failed: 1, leasesLost: 0 });
  });
});
