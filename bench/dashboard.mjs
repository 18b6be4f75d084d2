// GET /dashboard (and its two charts) latency for a company with a million tickets, with autocannon.
// Starts its own platform (fresh database, free ports, identity + tickets + gateway), signs up a
// company with queues and agents, then fills the tickets schema directly in SQL: `contacts`
// contacts, `tickets` tickets spread evenly over the last `days` days (the timeline triggers are
// and the rollups' trigger are switched off for the bulk load, the timelines written in the same pass
// and the daily rollups rebuilt after it, with waits, first
// replies, handling times and ratings that vary per ticket), plus `noise` tickets of other
// companies; then measures each dashboard call with one client and with `connections` clients.
// Usage:
//   node bench/dashboard.mjs [tickets=1000000] [days=365] [seconds=10] [connections=10] [noise=200000] [--churn <changes/s>]
// --churn: while each call is measured, a writer changes the measured company's tickets of today at that
// rate (a new customer's ticket queued, or one of them accepted, resolved or reopened), through the
// statements the service makes, so the timeline and rollups' triggers move the version of every period
// that includes today and the summaries are computed afresh as in a company whose tickets keep changing.
// The issue's target: p99 under 200 ms at a million tickets a company.
import autocannon from 'autocannon';
import pg from 'pg';
import { freePorts, startPlatform } from '../tools/platform.mjs';
import { parseArguments } from './lib/arguments.mjs';
import { jsonCaller } from './lib/json-call.mjs';

const { positional, flags } = parseArguments(process.argv.slice(2));
const [ticketCount, days, seconds, connections, noise] = [1_000_000, 365, 10, 10, 200_000].map((fallback, i) =>
  Number(positional[i] ?? fallback),
);
const churnPerSecond = Number(flags.churn ?? 0);
const QUEUES = 5;
const AGENTS = 20;
// BENCH_REUSE_DB=<database>: measure again a database an earlier run left (BENCH_KEEP_DB=1), without seeding
const reused = process.env.BENCH_REUSE_DB;
const database = reused ?? `atrium_bench_${process.pid}`;
const [gateway, identity, tickets, smtp] = await freePorts(4);
const platform = await startPlatform({
  build: false,
  web: false,
  apps: ['identity', 'tickets'],
  database,
  dropDatabaseOnStop: !process.env.BENCH_KEEP_DB && !reused, // BENCH_KEEP_DB=1: left for EXPLAIN by hand or BENCH_REUSE_DB (drop it after)
  ports: { gateway, identity, tickets, smtp },
  env: { LOG_LEVEL: 'warn', NATS_SUBJECT_PREFIX: `bench${process.pid}.`, REDIS_PREFIX: `bench:${process.pid}:` },
  log: () => {},
});

const api = platform.urls.api;
const call = jsonCaller(api);

const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Tickets (triggers off) and their timelines for one company: ticket i is queued `days` × i / count ago. */
async function seedCompany(db, companyId, count, queueIds, userIds) {
  await db.query('begin');
  await db.query('alter table tickets.tickets disable trigger ticket_timelines_created');
  const contacts = await db.query(
    `insert into tickets.contacts (company_id, name, number) select $1::int, 'Cliente ' || g, ($1::int::bigint * 100000000000 + g)::text from generate_series(1, $2) g returning id`,
    [companyId, Math.ceil(count / 2)],
  );
  const firstContact = contacts.rows[0].id;
  // statuses: 3% pending, 7% open, 90% closed; each contact has two tickets, the older one closed
  await db.query(
    `insert into tickets.tickets (company_id, contact_id, status, queue_id, user_id, whatsapp_id, created_at, updated_at)
     select $1, $2 + (g / 2), s.status, ($3::int[])[1 + g % cardinality($3::int[])], case when s.status = 'pending' then null else ($4::int[])[1 + g % cardinality($4::int[])] end, 1, q.at, q.at
       from generate_series(0, $5 - 1) g
       cross join lateral (select now() - ($6 * interval '1 day') * (($5 - g)::float8 / $5) as at) q
       cross join lateral (select case when g % 2 = 0 then 'closed' when g % 100 < 3 then 'pending' when g % 100 < 10 then 'open' else 'closed' end as status) s`,
    [companyId, firstContact, queueIds, userIds, count, days],
  );
  await db.query('alter table tickets.tickets enable trigger ticket_timelines_created');
  await db.query('alter table tickets.ticket_timelines disable trigger dashboard_daily_changed');
  // waits 0-30 min, first replies 1-10 min after the accept, handling 5-120 min, ratings 1-3 on a third
  await db.query(
    `insert into tickets.ticket_timelines (ticket_id, company_id, status, user_id, queue_id, first_of_contact, queued_at, accepted_at, first_reply_at, resolved_at, rating)
     select t.id, t.company_id, t.status, t.user_id, t.queue_id, t.id % 2 = 1, t.created_at, a.accepted, a.accepted + (1 + t.id % 10) * interval '1 minute',
            case when t.status = 'closed' then a.accepted + (5 + (t.id * 7) % 116) * interval '1 minute' end,
            case when t.status = 'closed' and t.id % 3 = 0 then 1 + (t.id / 3) % 3 end
       from tickets.tickets t
       cross join lateral (select case when t.status <> 'pending' then t.created_at + (t.id % 31) * interval '1 minute' end as accepted) a
      where t.company_id = $1`,
    [companyId],
  );
  await db.query('alter table tickets.ticket_timelines enable trigger dashboard_daily_changed');
  await db.query('commit');
  // the daily rollups' trigger stayed on for the timelines' insert: row by row it would take hours; rebuilt in one pass instead
  await db.query('select tickets.dashboard_daily_rebuild($1)', [companyId]);
}

/** Signs up the measured company and seeds the tickets schema; its admin's email. */
async function seed() {
  const [plan] = await call('GET', '/plans/list');
  const email = `bench-${process.pid}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Bench ${process.pid}`, email, password: 'secret123', planId: plan.id }, undefined, {
    'x-forwarded-for': '10.9.9.9',
  });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;
  const queueIds = [];
  for (let i = 0; i < QUEUES; i += 1)
    queueIds.push((await call('POST', '/queue', { name: `Fila ${i}`, color: `#0000${String(10 + i)}` }, admin.token)).id);

  const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
  db.on('error', () => {}); // the platform's stop drops the database under it
  await db.connect();
  const started = Date.now();
  const userIds = Array.from({ length: AGENTS }, (_, i) => 900_000 + i);
  await db.query(`insert into tickets.user_refs (id, company_id, name) select g, $1, 'Agente ' || (g - 900000) from unnest($2::int[]) g`, [
    companyId,
    userIds,
  ]);
  await seedCompany(db, companyId, ticketCount, queueIds, userIds);
  console.log(`seeded ${ticketCount} tickets of the measured company (${elapsed(started)})`);
  if (noise > 0) {
    await seedCompany(db, 100_001, noise, [null], [null]);
    console.log(`seeded ${noise} tickets of another company (${elapsed(started)})`);
  }
  await db.query('vacuum (analyze) tickets.tickets, tickets.ticket_timelines, tickets.contacts, tickets.dashboard_daily');
  const [{ t }] = (await db.query('select count(*) t from tickets.ticket_timelines')).rows;
  if (process.env.BENCH_EXPLAIN) {
    const plan = await db.query(
      `explain (analyze, buffers) select kind, ref_id, sum(tickets), sum(support_sum) / nullif(sum(support_count), 0), (sum(rating_sum)::numeric / nullif(sum(rating_count), 0))::float8
         from tickets.dashboard_daily where company_id = $1 and day >= (now() - interval '90 days')::date
        group by grouping sets ((kind, ref_id), (kind))`,
      [companyId],
    );
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  await db.end();
  console.log(`${t} timelines in all, vacuumed and analysed (${elapsed(started)})`);
  if (process.env.BENCH_KEEP_DB) console.log(`kept: BENCH_REUSE_DB=${database} (the measured company's admin: ${email})`);
  return email;
}

/**
 * A writer that changes the company's tickets of today every 1/rate s, through the same statements
 * the service makes and so through the timeline and rollups' triggers: a new customer's ticket
 * queued (a third of the changes, and whenever it has none yet), else one of those accepted by an
 * agent, resolved, or reopened. `start()` answers a stop function that resolves to the number of
 * changes made.
 */
async function churnWriter(companyId, rate) {
  const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
  await db.connect();
  const queueIds = (await db.query('select id from tickets.queues where company_id = $1', [companyId])).rows.map((row) => row.id);
  const userIds = (await db.query('select id from tickets.user_refs where company_id = $1', [companyId])).rows.map((row) => row.id);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const todays = [];
  const change = async () => {
    if (todays.length === 0 || Math.random() < 1 / 3) {
      const number = `77${process.pid}${String(todays.length).padStart(6, '0')}`;
      const { rows } = await db.query(
        `with contact as (insert into tickets.contacts (company_id, name, number) values ($1, $2, $2) returning id)
         insert into tickets.tickets (company_id, contact_id, status, queue_id, whatsapp_id) select $1, id, 'pending', $3, 1 from contact returning id`,
        [companyId, number, pick(queueIds)],
      );
      todays.push(rows[0].id);
    } else {
      await db.query(
        `update tickets.tickets set status = case when status = 'open' then 'closed' else 'open' end, user_id = coalesce(user_id, $2), updated_at = now() where id = $1`,
        [pick(todays), pick(userIds)],
      );
    }
  };
  return {
    async start() {
      let stopped = false;
      let changes = 0;
      const started = Date.now();
      const loop = (async () => {
        while (!stopped) {
          await change();
          changes += 1;
          const wait = started + (changes * 1000) / rate - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      })();
      return async () => {
        stopped = true;
        await loop;
        return changes;
      };
    },
    end: () => db.end(),
  };
}

let churn;
try {
  let email;
  if (reused) {
    const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
    await db.connect();
    email = (await db.query(`select email from identity.users where email like 'bench-%@example.com' order by id limit 1`)).rows[0].email;
    await db.end();
  } else email = await seed();
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });

  churn = churnPerSecond > 0 ? await churnWriter(admin.user.companyId, churnPerSecond) : undefined;
  const today = day(0);
  const runs = [
    ['dashboard, default (1st of the month to today)', '/dashboard'],
    ...[3, 7, 15, 30, 60].map((n) => [`dashboard, days=${n}`, `/dashboard?days=${n}`]),
    ['dashboard, days=90 (the longest period option)', '/dashboard?days=90'],
    ['dashboard, a whole year (date range)', `/dashboard?date_from=${day(-364)}&date_to=${today}`],
    ['ticketsUsers, 30 days', `/dashboard/ticketsUsers?initialDate=${day(-29)}&finalDate=${today}`],
    ['ticketsDay, today (per hour)', `/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`],
    ['ticketsDay, 30 days', `/dashboard/ticketsDay?initialDate=${day(-29)}&finalDate=${today}`],
  ];
  for (const level of [...new Set([1, connections])]) {
    const rows = [];
    for (const [title, path] of runs) {
      const stopChurn = churn ? await churn.start() : undefined;
      const result = await autocannon({
        url: api + path,
        duration: seconds,
        connections: level,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const changes = await stopChurn?.();
      rows.push({
        call: title,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'max ms': result.latency.max,
        failures: result.non2xx + result.errors + result.timeouts,
        ...(stopChurn ? { 'changes/s': Number((changes / seconds).toFixed(1)) } : {}),
      });
    }
    console.log(`${level} connection(s)${churn ? `, today's tickets changing ${churnPerSecond}/s` : ''}:`);
    console.table(rows);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await churn?.end();
  await platform.stop();
}
