// GET /tickets latency with a large tickets schema, on this machine, with autocannon.
// Starts its own platform (fresh database, free ports, identity + tickets + gateway), signs up a
// few companies, then fills the tickets schema directly in SQL with `companies` companies of
// `ticketsPerCompany` tickets (one contact each) and `messagesPerTicket` messages per ticket, and
// measures the ticket list as an admin and as an agent of two queues, at the first, a middle and
// the last page. Usage:
//   node bench/ticket-list.mjs [companies=100] [ticketsPerCompany=10000] [messagesPerTicket=10] [seconds=10] [connections=10]
// The target: 1 million tickets and 10 million messages (the defaults), p99 under 50 ms.
import autocannon from 'autocannon';
import pg from 'pg';
import { freePorts, startPlatform } from '../tools/platform.mjs';
import { jsonCaller } from './lib/json-call.mjs';

const [companies, ticketsPerCompany, messagesPerTicket, seconds, connections] = [100, 10_000, 10, 10, 10].map((fallback, i) =>
  Number(process.argv[i + 2] ?? fallback),
);
const QUEUES = 5;
const [gateway, identity, tickets, smtp] = await freePorts(4);
const platform = await startPlatform({
  build: false,
  web: false,
  apps: ['identity', 'tickets'],
  database: `atrium_bench_${process.pid}`,
  dropDatabaseOnStop: true,
  ports: { gateway, identity, tickets, smtp },
  env: { LOG_LEVEL: 'warn', NATS_SUBJECT_PREFIX: `bench${process.pid}.`, REDIS_PREFIX: `bench:${process.pid}:` },
  log: () => {},
});

const api = platform.urls.api;
const call = jsonCaller(api);

const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

try {
  // one real company (admin, queues, an agent) whose id the seeded data uses; the others are rows only
  const [plan] = await call('GET', '/plans/list');
  const email = `bench-${process.pid}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Bench ${process.pid}`, email, password: 'secret123', planId: plan.id }, undefined, {
    'x-forwarded-for': '10.9.9.9',
  });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;
  const queues = [];
  for (let i = 0; i < QUEUES; i += 1)
    queues.push(await call('POST', '/queue', { name: `Fila ${i}`, color: `#0000${String(10 + i)}` }, admin.token));
  const agentEmail = `agent-${process.pid}@example.com`;
  await call(
    'POST',
    '/users',
    { name: 'Agente', email: agentEmail, password: 'secret123', profile: 'user', queueIds: [queues[0].id, queues[1].id] },
    admin.token,
  );
  const agent = await call('POST', '/auth/login', { email: agentEmail, password: 'secret123' });

  const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
  db.on('error', () => {}); // the platform's stop drops the database under it
  await db.connect();
  const started = Date.now();
  const queueIds = `array[${queues.map((q) => q.id).join(',')}]`;
  for (let c = 0; c < companies; c += 1) {
    const company = c === 0 ? companyId : 100_000 + c;
    await db.query('begin');
    await db.query(
      `insert into tickets.contacts (company_id, name, number)
       select $1, 'Cliente ' || g, (5511900000000 + g)::text from generate_series(1, $2) g`,
      [company, ticketsPerCompany],
    );
    // statuses: 5% pending, 15% open, 80% closed; queues round-robin (the real company's), agents 1-10
    await db.query(
      `insert into tickets.tickets (company_id, contact_id, status, queue_id, user_id, whatsapp_id, last_message, unread_messages, created_at, updated_at)
       select $1, c.id,
              case when c.id % 20 = 0 then 'pending' when c.id % 20 < 4 then 'open' else 'closed' end,
              case when $1::int = $2::int then (${queueIds})[1 + c.id % ${QUEUES}] else null end,
              case when c.id % 20 = 0 then null else 1 + c.id % 10 end,
              1, 'mensagem ' || c.id, c.id % 3,
              now() - (c.id % 100000) * interval '1 minute', now() - (c.id % 100000) * interval '1 minute'
       from tickets.contacts c where c.company_id = $1`,
      [company, companyId],
    );
    await db.query(
      `insert into tickets.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, created_at)
       select $1, t.id, t.contact_id, 1, 'W' || t.id || '-' || g, 'mensagem ' || g || ' do ticket ' || t.id, g % 2 = 0, t.created_at + g * interval '1 second'
       from tickets.tickets t cross join generate_series(1, $2) g where t.company_id = $1`,
      [company, messagesPerTicket],
    );
    await db.query('commit');
    if ((c + 1) % 10 === 0) console.log(`seeded ${c + 1}/${companies} companies (${elapsed(started)})`);
  }
  await db.query('analyze tickets.contacts, tickets.tickets, tickets.messages, tickets.ticket_texts');
  const [{ t, m }] = (await db.query('select (select count(*) from tickets.tickets) t, (select count(*) from tickets.messages) m')).rows;
  await db.end();
  console.log(`seeded ${t} tickets and ${m} messages in ${elapsed(started)}`);

  const lastPage = Math.ceil(ticketsPerCompany / 40);
  const runs = [
    ['admin, all tickets, page 1', `/tickets?showAll=true&pageNumber=1`, admin.token],
    [`admin, all tickets, page ${Math.ceil(lastPage / 2)}`, `/tickets?showAll=true&pageNumber=${Math.ceil(lastPage / 2)}`, admin.token],
    [`admin, all tickets, page ${lastPage} (last)`, `/tickets?showAll=true&pageNumber=${lastPage}`, admin.token],
    ['admin, open tab, page 1', `/tickets?status=open&showAll=true&pageNumber=1`, admin.token],
    ['admin, closed tab, page 10', `/tickets?status=closed&showAll=true&pageNumber=10`, admin.token],
    ['agent (2 queues), pending tab', `/tickets?status=pending&pageNumber=1`, agent.token],
    ['agent, unread (bell)', `/tickets?withUnreadMessages=true&pageNumber=1`, agent.token],
    // the search tab (ADR 005): every kind of term scans the company's contacts and message texts once
    ...[
      ['a phrase no ticket of the company has', 'do ticket 12345'],
      ['a rare word (19 tickets)', 'ticket 777'],
      ['a common word (every message)', 'mensagem'],
      ['2 characters', 'em'],
      ['phone digits, formatted', '(11) 90000-12'],
    ].map(([what, term]) => [`admin, search: ${what}`, `/tickets?searchParam=${encodeURIComponent(term)}&pageNumber=1`, admin.token]),
    ['agent, search: a common word', `/tickets?searchParam=mensagem&pageNumber=1`, agent.token],
  ];
  // one client alone (the latency of a request), then `connections` at once (throughput)
  for (const level of [...new Set([1, connections])]) {
    const rows = [];
    for (const [title, path, token] of runs) {
      const result = await autocannon({
        url: api + path,
        duration: seconds,
        connections: level,
        headers: { authorization: `Bearer ${token}` },
      });
      rows.push({
        query: title,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    }
    console.log(`${level} connection(s):`);
    console.table(rows);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await platform.stop();
}
