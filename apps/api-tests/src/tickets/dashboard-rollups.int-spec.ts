import pg from 'pg';
import type { DashboardView, QueueView, TicketsPerDayView, TicketsPerUserView } from '@atrium/contracts';
import { IdentityConfig } from '@atrium/app-identity';
import { addDays, startOfDay } from '@atrium/kernel';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aNumber } from './inbound-publisher.js';
import { createAgent, createQueue } from './tickets-fixtures.js';

/**
 * The dashboard's daily rollups (tickets.dashboard_daily, kept by the trigger on ticket_timelines)
 * against the raw computation over ticket_timelines, on random tickets: queued around the
 * platform calendar's midnights, accepted, answered, transferred between agents and queues,
 * closed, reopened, rated, some timelines deleted, written concurrently. Every figure the API
 * answers must be the raw one (the median and 90th percentile exactly percentile_cont's), and the
 * rollups the trigger kept must equal the ones rebuilt from scratch, also in a +05:45 time zone.
 */
const TIME_ZONE = new IdentityConfig().TIME_ZONE;
const FIRST_DAY = '2026-05-04';
const DAYS = 5;
const SEED = Number(process.env.ROLLUP_SEED ?? Date.now() % 1_000_000);

/** mulberry32: a small seeded generator, so that a failure can be replayed with ROLLUP_SEED. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const minutes = (seconds: number | null): number | null => (seconds === null ? null : Math.round((seconds / 60) * 100) / 100);
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

interface RawFigures extends Record<string, unknown> {
  by_user: number;
  by_queue: number;
  user_id: number | null;
  queue_id: number | null;
  tickets: string;
  open: string;
  pending: string;
  closed: string;
  leads: string;
  avg_support: string | null;
  avg_wait: string | null;
  avg_first_response: string | null;
  median_resolution: number | null;
  p90_resolution: number | null;
  rating: number | null;
}

describe('dashboard rollups: the same figures as the raw timelines, on random tickets', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let pool: pg.Pool;
  let queues: QueueView[];
  let agents: number[];
  const random = generator(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await pool.query<T>(text, params)).rows;

  /** An instant of the test's days: near a midnight of the platform calendar half of the time. */
  function anInstant(): Date {
    const day = addDays(FIRST_DAY, Math.floor(random() * DAYS));
    const start = startOfDay(day, TIME_ZONE).getTime();
    const offset = random() < 0.5 ? (random() - 0.5) * 40 * 60_000 : random() * 86_400_000;
    return new Date(start + Math.round(offset));
  }

  /**
   * A contact of `companyId` with one to three tickets, each with a random life: every step a little
   * later than the one before; a ticket still active is closed before the contact's next one (one
   * active ticket per contact).
   */
  async function randomCustomer(companyId: number, queueIds: (number | null)[], userIds: number[]): Promise<void> {
    const [contact] = await query<{ id: number }>(
      'insert into tickets.contacts (company_id, name, number) values ($1, $2, $3) returning id',
      [companyId, 'Cliente', aNumber()],
    );
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i += 1) {
      const id = await randomTicket(companyId, contact!.id, queueIds, userIds);
      if (i < count - 1) await query(`update tickets.tickets set status = 'closed' where id = $1 and status <> 'closed'`, [id]);
    }
  }

  async function randomTicket(companyId: number, contactId: number, queueIds: (number | null)[], userIds: number[]): Promise<number> {
    let at = anInstant().getTime() * 1000; // microseconds
    const stamp = (): string => {
      at += Math.floor(random() * 3 * 3600 * 1e6);
      const micros = at % 1e6;
      return `${new Date(Math.floor(at / 1000)).toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}Z`;
    };
    const opened = random() < 0.15;
    const [row] = await query<{ id: number }>(
      `insert into tickets.tickets (company_id, contact_id, queue_id, status, user_id, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6) returning id`,
      [companyId, contactId, pick(queueIds), opened ? 'open' : 'pending', opened ? pick(userIds) : null, stamp()],
    );
    const id = row!.id;
    const steps = Math.floor(random() * 7);
    for (let i = 0; i < steps; i += 1) {
      const roll = random();
      const when = stamp();
      if (roll < 0.25)
        await query(`update tickets.tickets set status = 'open', user_id = $2, updated_at = $3 where id = $1`, [id, pick(userIds), when]);
      else if (roll < 0.45)
        await query(
          `insert into tickets.messages (company_id, ticket_id, contact_id, body, from_me, created_at, updated_at) values ($1, $2, $3, 'Olá', true, $4, $4)`,
          [companyId, id, contactId, when],
        );
      else if (roll < 0.55)
        await query(`update tickets.tickets set user_id = $2, updated_at = $3 where id = $1`, [id, pick(userIds), when]);
      else if (roll < 0.65)
        await query(`update tickets.tickets set queue_id = $2, updated_at = $3 where id = $1`, [id, pick(queueIds), when]);
      else if (roll < 0.85) await query(`update tickets.tickets set status = 'closed', updated_at = $2 where id = $1`, [id, when]);
      else if (roll < 0.92)
        await query(`update tickets.tickets set status = $2, updated_at = $3 where id = $1`, [id, pick(['pending', 'open']), when]);
      else await query('update tickets.ticket_timelines set rating = $2 where ticket_id = $1', [id, 1 + Math.floor(random() * 3)]);
    }
    if (random() < 0.03) await query('delete from tickets.ticket_timelines where ticket_id = $1', [id]);
    return id;
  }

  /** `count` customers written `parallel` at a time (the rollup rows are shared by them). */
  async function randomTickets(count: number, parallel: number, make: () => Promise<void>): Promise<void> {
    let left = count;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (left > 0) {
          left -= 1;
          await make();
        }
      }),
    );
  }

  /** The company's rollup rows (exact numerics, zero rows apart). */
  async function rollups(companyId: number): Promise<{ live: Record<string, unknown>[]; empty: Record<string, unknown>[] }> {
    const rows = await query(
      `select day::text, kind, ref_id, tickets, open, pending, closed, leads, trim_scale(support_sum)::text as support_sum, support_count,
              trim_scale(wait_sum)::text as wait_sum, wait_count, trim_scale(first_response_sum)::text as first_response_sum, first_response_count,
              rating_sum, rating_count, resolutions
         from tickets.dashboard_daily where company_id = $1 order by day, kind, ref_id`,
      [companyId],
    );
    return { live: rows.filter((row) => row.tickets !== 0), empty: rows.filter((row) => row.tickets === 0) };
  }

  async function expectRollupsRebuiltAlike(companyId: number): Promise<void> {
    const kept = await rollups(companyId);
    // a group every ticket left (transfers, deletes) is all zeros
    for (const row of kept.empty) {
      expect(row).toMatchObject({
        open: 0,
        pending: 0,
        closed: 0,
        leads: 0,
        support_sum: '0',
        support_count: 0,
        wait_sum: '0',
        rating_count: 0,
        first_response_count: 0,
      });
      expect((row.resolutions as number[]).every((n) => n === 0)).toBe(true);
    }
    await query('select tickets.dashboard_daily_rebuild($1)', [companyId]);
    const rebuilt = await rollups(companyId);
    expect(rebuilt.empty).toEqual([]);
    expect(kept.live).toEqual(rebuilt.live);
  }

  /** The raw figures of a period: the dashboard's former query over ticket_timelines. */
  async function raw(companyId: number, firstDay: string, lastDay: string): Promise<RawFigures[]> {
    return query<RawFigures>(
      `select grouping(user_id)::int as by_user, grouping(queue_id)::int as by_queue, user_id, queue_id, count(*) as tickets,
              count(*) filter (where status = 'open') as open, count(*) filter (where status = 'pending') as pending,
              count(*) filter (where status = 'closed') as closed, count(*) filter (where first_of_contact) as leads,
              avg(extract(epoch from resolved_at - coalesce(accepted_at, queued_at))) as avg_support,
              avg(extract(epoch from accepted_at - queued_at)) as avg_wait,
              avg(extract(epoch from first_reply_at - queued_at)) as avg_first_response,
              percentile_cont(0.5) within group (order by extract(epoch from resolved_at - queued_at)) as median_resolution,
              percentile_cont(0.9) within group (order by extract(epoch from resolved_at - queued_at)) as p90_resolution,
              avg(rating)::float8 as rating
         from tickets.ticket_timelines
        where company_id = $1 and queued_at >= $2 and queued_at < $3
        group by grouping sets ((), (user_id), (queue_id))`,
      [companyId, startOfDay(firstDay, TIME_ZONE), startOfDay(addDays(lastDay, 1), TIME_ZONE)],
    );
  }

  const resolution = (row: RawFigures | undefined) => ({
    tickets: row ? Number(row.tickets) : 0,
    avgFirstResponseTime: minutes(num(row?.avg_first_response)),
    medianResolutionTime: minutes(num(row?.median_resolution)),
    p90ResolutionTime: minutes(num(row?.p90_resolution)),
  });

  async function expectSameFigures(owner: Tenant, firstDay: string, lastDay: string): Promise<void> {
    const rows = await raw(owner.companyId, firstDay, lastDay);
    const total = rows.find((row) => row.by_user === 1 && row.by_queue === 1)!;
    const { status, body } = await owner.admin.get<DashboardView>(`/dashboard?date_from=${firstDay}&date_to=${lastDay}`);
    expect(status).toBe(200);
    expect(body.counters).toEqual({
      supportHappening: Number(total.open),
      supportPending: Number(total.pending),
      supportFinished: Number(total.closed),
      leads: Number(total.leads),
      avgSupportTime: minutes(num(total.avg_support)),
      avgWaitTime: minutes(num(total.avg_wait)),
      avgFirstResponseTime: minutes(num(total.avg_first_response)),
    });
    const byUser = rows.filter((row) => row.by_user === 0 && row.user_id !== null);
    for (const row of byUser) {
      const attendant = body.attendants.find((a) => a.id === row.user_id);
      expect(attendant).toMatchObject({
        id: row.user_id,
        rating: row.rating,
        avgSupportTime: minutes(num(row.avg_support)),
        ...resolution(row),
      });
    }
    for (const attendant of body.attendants.filter((a) => !byUser.some((row) => row.user_id === a.id))) {
      expect(attendant).toMatchObject({
        tickets: 0,
        rating: null,
        avgSupportTime: null,
        medianResolutionTime: null,
        p90ResolutionTime: null,
      });
    }
    const byQueue = rows.filter((row) => row.by_queue === 0);
    for (const queue of body.queues)
      expect(queue).toMatchObject({ id: queue.id, ...resolution(byQueue.find((row) => row.queue_id === queue.id)) });
    expect(body.queues.some((queue) => queue.id === null)).toBe(byQueue.some((row) => row.queue_id === null));

    const users = await owner.admin.get<TicketsPerUserView>(`/dashboard/ticketsUsers?initialDate=${firstDay}&finalDate=${lastDay}`);
    expect(users.body.count).toBe(byUser.reduce((sum, row) => sum + Number(row.tickets), 0));
    expect(users.body.data.map((row) => row.quantidade).sort((a, b) => a - b)).toEqual(
      byUser.map((row) => Number(row.tickets)).sort((a, b) => a - b),
    );

    const days = await owner.admin.get<TicketsPerDayView>(`/dashboard/ticketsDay?initialDate=${firstDay}&finalDate=${lastDay}`);
    const unit = firstDay === lastDay ? 'HH24' : 'YYYY-MM-DD';
    const perBucket = await query<{ bucket: string; total: number }>(
      `select to_char(queued_at at time zone $4, '${unit}') as bucket, count(*)::int as total from tickets.ticket_timelines
        where company_id = $1 and queued_at >= $2 and queued_at < $3 group by 1 order by 1`,
      [owner.companyId, startOfDay(firstDay, TIME_ZONE), startOfDay(addDays(lastDay, 1), TIME_ZONE), TIME_ZONE],
    );
    expect(days.body.data).toEqual(
      perBucket.map((row) => (firstDay === lastDay ? { horario: row.bucket, total: row.total } : { data: row.bucket, total: row.total })),
    );
  }

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    pool = new pg.Pool({ connectionString: stack.database.ownerUrl, max: 6 });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    queues = [await createQueue(tenant, 'Vendas'), await createQueue(tenant, 'Suporte'), await createQueue(tenant, 'Financeiro')];
    agents = [tenant.adminSession.user.id];
    for (const name of ['Ana', 'Bruno', 'Carla'])
      agents.push((await createAgent(stack, tenant, { name, queueIds: queues.map((q) => q.id) })).user.id);
    const queueIds = [...queues.map((q) => q.id), null];
    await randomTickets(80, 6, () => randomCustomer(tenant.companyId, queueIds, agents));
    await randomTickets(15, 3, () => randomCustomer(other.companyId, [null], [other.adminSession.user.id]));
  }, 300_000);
  afterAll(async () => {
    await pool?.end();
    await stack.stop();
  });

  it(`keeps the rollups equal to a rebuild from the timelines (seed ${SEED})`, async () => {
    await expectRollupsRebuiltAlike(tenant.companyId);
    await expectRollupsRebuiltAlike(other.companyId);
  });

  it(`answers every figure as the raw timelines do, for single days and longer periods (seed ${SEED})`, async () => {
    for (let i = 0; i < DAYS; i += 1) await expectSameFigures(tenant, addDays(FIRST_DAY, i), addDays(FIRST_DAY, i));
    await expectSameFigures(tenant, FIRST_DAY, addDays(FIRST_DAY, DAYS - 1));
    await expectSameFigures(tenant, addDays(FIRST_DAY, 1), addDays(FIRST_DAY, 2));
    await expectSameFigures(tenant, addDays(FIRST_DAY, -3), addDays(FIRST_DAY, DAYS + 3));
    await expectSameFigures(other, FIRST_DAY, addDays(FIRST_DAY, DAYS - 1));
  });

  it('answers the changed figures right after each change (the figures kept by the dashboard are read again once their rollups changed)', async () => {
    const [firstDay, lastDay] = [addDays(FIRST_DAY, 1), addDays(FIRST_DAY, 3)];
    const bounds = [tenant.companyId, startOfDay(firstDay, TIME_ZONE), startOfDay(addDays(lastDay, 1), TIME_ZONE)];
    const answers = async () =>
      JSON.stringify(
        await Promise.all([
          tenant.admin.get(`/dashboard?date_from=${firstDay}&date_to=${lastDay}`),
          tenant.admin.get(`/dashboard/ticketsDay?initialDate=${firstDay}&finalDate=${firstDay}`),
        ]).then((responses) => responses.map((response) => response.body)),
      );
    const one = async (condition: string) =>
      (
        await query<{ ticket_id: number }>(
          `select ticket_id from tickets.ticket_timelines where company_id = $1 and queued_at >= $2 and queued_at < $3 and ${condition} order by ticket_id limit 1`,
          bounds,
        )
      )[0]!.ticket_id;
    const changes: [string, () => Promise<unknown>][] = [
      [
        'an active ticket closed',
        async () => query(`update tickets.tickets set status = 'closed' where id = $1`, [await one(`status <> 'closed'`)]),
      ],
      [
        'a resolution an hour later',
        async () =>
          query(`update tickets.ticket_timelines set resolved_at = resolved_at + interval '1 hour' where ticket_id = $1`, [
            await one('resolved_at is not null'),
          ]),
      ],
      ['a timeline deleted', async () => query('delete from tickets.ticket_timelines where ticket_id = $1', [await one('true')])],
      [
        'a ticket queued that day',
        async () => {
          const [contact] = await query<{ id: number }>(
            'insert into tickets.contacts (company_id, name, number) values ($1, $2, $3) returning id',
            [tenant.companyId, 'Cliente', aNumber()],
          );
          const at = new Date(startOfDay(firstDay, TIME_ZONE).getTime() + 3 * 3_600_000);
          await query(
            `insert into tickets.tickets (company_id, contact_id, queue_id, status, created_at, updated_at) values ($1, $2, $3, 'pending', $4, $4)`,
            [tenant.companyId, contact!.id, queues[0]!.id, at],
          );
        },
      ],
    ];
    await expectSameFigures(tenant, firstDay, lastDay);
    await expectSameFigures(tenant, firstDay, firstDay);
    for (const [change, make] of changes) {
      const before = await answers();
      expect(await answers()).toBe(before); // read twice alike: kept or not, the same figures
      await make();
      expect({ change, changed: (await answers()) !== before }).toEqual({ change, changed: true });
      await expectSameFigures(tenant, firstDay, lastDay);
      await expectSameFigures(tenant, firstDay, firstDay);
    }
  });

  it('keeps the calendar days of another time zone (+05:45) when the calendar changes, and goes on keeping them', async () => {
    try {
      await query(`update tickets.dashboard_calendar set time_zone = 'Asia/Kathmandu' where id = 1`);
      await query('select tickets.dashboard_daily_rebuild(null)');
      const perDay = async (zone: string) =>
        query<{ day: string; tickets: number }>(
          `select to_char(queued_at at time zone $2, 'YYYY-MM-DD') as day, count(*)::int as tickets from tickets.ticket_timelines where company_id = $1 group by 1 order by 1`,
          [tenant.companyId, zone],
        );
      const rolled = async () =>
        query<{ day: string; tickets: number }>(
          `select day::text, sum(tickets)::int as tickets from tickets.dashboard_daily where company_id = $1 and kind = 'q' group by day having sum(tickets) > 0 order by day`,
          [tenant.companyId],
        );
      expect(await rolled()).toEqual(await perDay('Asia/Kathmandu'));
      expect(await rolled()).not.toEqual(await perDay(TIME_ZONE));
      await randomTickets(15, 3, () => randomCustomer(tenant.companyId, [queues[0]!.id, null], agents));
      expect(await rolled()).toEqual(await perDay('Asia/Kathmandu'));
      await expectRollupsRebuiltAlike(tenant.companyId);
    } finally {
      await query(`update tickets.dashboard_calendar set time_zone = $1 where id = 1`, [TIME_ZONE]);
      await query('select tickets.dashboard_daily_rebuild(null)');
    }
    await expectSameFigures(tenant, FIRST_DAY, addDays(FIRST_DAY, DAYS - 1));
  });
});
