// Campaign delivery under load, on this machine, with everything running (issue 12): one campaign
// per sandbox connection, `recipients` shippings spread over `connections` numbers, every number
// paced at `intervalMs`. Reports the shippings planned per second, each connection's delivery
// rate against its configured pace, how far any connection ran ahead of its pace at the sandbox's
// receiving side (pacing violations), lost and duplicated recipients, the send latency (the
// campaigns service's send start, taken from the pace, to the sandbox's receipt is not observable
// from outside; what is: the sandbox's receipt → the shipping marked delivered), and the campaigns
// process's RSS sampled over the run.
// Starts its own platform (fresh database, free ports: identity, tickets, sessions, campaigns, wa-sandbox, gateway).
// Usage: node bench/campaigns.mjs [recipients=3000] [connections=10] [intervalMs=20] [inFlight=8]
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { emulateAutovacuum } from './lib/autovacuum.mjs';
import { startBenchPlatform } from './lib/bench-platform.mjs';
import { jsonCaller } from './lib/json-call.mjs';
import { waitUntilConnected } from './lib/sandbox-sessions.mjs';
import { percentile, sleep } from './lib/timing.mjs';

const [recipientCount, connectionCount, intervalMs, inFlight] = [3000, 10, 20, 8].map((fallback, i) =>
  Number(process.argv[i + 2] ?? fallback),
);
const prefix = `bench${process.pid}.`;
/** A gap between two consecutive messages of a number at the sandbox shorter than the interval by more than this is a pacing violation. */
const TOLERANCE_MS = 20;
const { platform, sandboxUrl } = await startBenchPlatform({
  apps: ['identity', 'tickets', 'sessions', 'campaigns', 'wa-sandbox'],
  env: {
    // the campaign's own pace is measured, not the sessions service's minimum gap of a number
    SEND_MIN_GAP_MS: '0',
    SEND_MAX_QUEUE: '1000',
    CAMPAIGN_TICK_MS: '200',
    CAMPAIGN_SENDS_IN_FLIGHT: String(inFlight),
    DATABASE_POOL_MAX: '16',
    // every recipient's conversation stays readable at the sandbox for the count at the end (it forgets beyond 50 000 by default)
    SANDBOX_CONVERSATION_LIMIT: String(Math.max(50_000, recipientCount + 1000)),
  },
  // BENCH_LOG=<file>: the apps' warnings and errors go there
  log: process.env.BENCH_LOG ? (line) => appendFileSync(process.env.BENCH_LOG, `${line}\n`) : undefined,
});
// stopped early (Ctrl-C): the apps and the database go too
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void platform.stop().finally(() => process.exit(130)));
const api = platform.urls.api;
const call = jsonCaller(api);

function campaignsPid() {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('apps/campaigns/dist/main.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(`NATS_SUBJECT_PREFIX=${prefix}`)) return Number(entry);
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error('campaigns process not found');
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** How far these receipt times ran ahead of the pace: the largest k × interval − span over k + 1 consecutive ones. */
function aheadOfPace(times, interval) {
  let highest = -Infinity;
  let ahead = -Infinity;
  times.forEach((time, k) => {
    const u = time - k * interval;
    ahead = Math.max(ahead, highest - u);
    highest = Math.max(highest, u);
  });
  return ahead;
}

const db = new pg.Client({ connectionString: platform.databaseUrls.owner });
// a run of half an hour on a server without autovacuum (this machine's) would otherwise never analyze or vacuum its tables
const autovacuum = await emulateAutovacuum(platform.databaseUrls.owner);
try {
  await db.connect();
  const root = await call('POST', '/auth/login', { email: 'admin@admin.com', password: '123456' });
  const plan = await call(
    'POST',
    '/plans',
    { name: `Bench ${process.pid}`, users: 0, connections: 0, queues: 0, value: 0, useCampaigns: true },
    root.token,
  );
  const email = `bench-campaigns-${process.pid}@example.com`;
  await call('POST', '/companies/cadastro', { name: `Bench ${process.pid}`, email, password: 'secret123', planId: plan.id });
  const admin = await call('POST', '/auth/login', { email, password: 'secret123' });
  const companyId = admin.user.companyId;
  const connections = [];
  for (let i = 0; i < connectionCount; i += 1)
    connections.push((await call('POST', '/whatsapp', { name: `Bench ${i}`, provider: 'sandbox' }, admin.token)).id);
  const connected = await waitUntilConnected(call, admin.token, connections);
  await sleep(1000); // the read models of the connections
  await call(
    'POST',
    '/campaign-settings',
    { settings: { messageInterval: intervalMs / 1000, longerIntervalAfter: 0, greaterInterval: 0, variables: [] } },
    admin.token,
  );

  /** Whether every one of these campaigns is FINALIZADA. */
  const allFinished = async (campaignIds) => {
    const { rows } = await db.query(
      `select count(*) filter (where status = 'FINALIZADA') as done from campaigns.campaigns where id = any($1)`,
      [campaignIds],
    );
    return Number(rows[0].done) === campaignIds.length;
  };
  const insertItems = (listId, numbers) =>
    db.query(
      `insert into campaigns.contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid, checked_at)
       select $1, $2, 'Pessoa ' || n, n, '', true, now() from unnest($3::text[]) as n`,
      [companyId, listId, numbers],
    );

  // A warm-up campaign per connection (BENCH_WARMUP recipients each, 5 by default; 0 skips it),
  // then the tables analyzed, as autovacuum does within a minute of their first rows: measured
  // from its first message, the run would otherwise start on plans made on empty tables.
  const warmupPerConnection = Number(process.env.BENCH_WARMUP ?? 5);
  if (warmupPerConnection > 0) {
    const warmupAt = Date.now() + 1000 + 50 * connectionCount;
    const warmupIds = [];
    for (const [i, connection] of connected.entries()) {
      const list = await call('POST', '/contact-lists', { name: `Aquecimento ${i}` }, admin.token);
      await insertItems(
        list.id,
        Array.from({ length: warmupPerConnection }, (_, k) => `55119${String(30_000_000 + i * warmupPerConnection + k).padStart(8, '0')}`),
      );
      const campaign = await call(
        'POST',
        '/campaigns',
        {
          name: `Aquecimento ${i}`,
          message1: 'Oi {nome}',
          contactListId: list.id,
          whatsappId: connection.id,
          scheduledAt: new Date(warmupAt).toISOString(),
        },
        admin.token,
      );
      warmupIds.push(campaign.id);
    }
    const warmupStarted = Date.now();
    for (;;) {
      if (await allFinished(warmupIds)) break;
      if (Date.now() - warmupStarted > 10 * 60_000) throw new Error('the warm-up campaigns did not finish in 10 minutes');
      await sleep(500);
    }
    await db.query('analyze');
    console.log(
      `warm-up: ${warmupPerConnection * connectionCount} shippings over ${connectionCount} connections in ${((Date.now() - warmupStarted) / 1000).toFixed(1)} s, then analyze`,
    );
  }

  // one contact list and one campaign per connection, the items as an import leaves them
  const perConnection = Math.ceil(recipientCount / connectionCount);
  const plannedCampaigns = [];
  for (const [i, connection] of connected.entries()) {
    const list = await call('POST', '/contact-lists', { name: `Lista ${i}` }, admin.token);
    const numbers = Array.from({ length: perConnection }, (_, k) => `55119${String(40_000_000 + i * perConnection + k).padStart(8, '0')}`);
    await insertItems(list.id, numbers);
    plannedCampaigns.push({ connection, business: connection.number, list, numbers });
  }
  const pid = campaignsPid();
  const rss = [rssMb(pid)];
  // every campaign due at the same time, a little after they are all saved: the scheduler then plans them together
  const scheduledAt = Date.now() + 2000 + 100 * connectionCount;
  for (const [i, planned] of plannedCampaigns.entries()) {
    planned.campaign = await call(
      'POST',
      '/campaigns',
      {
        name: `Bench ${i}`,
        message1: 'Oi {nome}',
        contactListId: planned.list.id,
        whatsappId: planned.connection.id,
        scheduledAt: new Date(scheduledAt).toISOString(),
      },
      admin.token,
    );
  }
  await sleep(Math.max(0, scheduledAt - Date.now()));
  const startedAt = Date.now();
  const ids = plannedCampaigns.map((p) => p.campaign.id);
  const sampler = setInterval(() => rss.push(rssMb(pid)), 1000);
  let reportedAt = Date.now();
  for (;;) {
    if (await allFinished(ids)) break;
    if (Date.now() - reportedAt >= 30_000) {
      // progress, so that a run stopped early still tells its rate and memory so far
      reportedAt = Date.now();
      const { rows: progress } = await db.query(
        `select count(*) as planned, count(delivered_at) as delivered from campaigns.campaign_shippings where campaign_id = any($1)`,
        [ids],
      );
      const seconds = (Date.now() - startedAt) / 1000;
      console.log(
        `${seconds.toFixed(0)} s: ${progress[0].planned} planned, ${progress[0].delivered} delivered (${(progress[0].delivered / seconds).toFixed(1)}/s), campaigns RSS ${rss.at(-1).toFixed(0)} MB`,
      );
    }
    if (Date.now() - startedAt > 90 * 60_000) throw new Error('campaigns did not finish in 90 minutes');
    await sleep(500);
  }
  clearInterval(sampler);
  const runMs = Date.now() - startedAt;
  const { rows: planning } = await db.query(
    `select c.id, c.planned_at, c.updated_at, (select count(*) from campaigns.campaign_shippings s where s.campaign_id = c.id) as shippings,
            (select min(s.created_at) from campaigns.campaign_shippings s where s.campaign_id = c.id) as first_row
       from campaigns.campaigns c where c.id = any($1)`,
    [ids],
  );
  const planMs = planning.map((row) => new Date(row.planned_at).getTime() - new Date(row.first_row).getTime());
  const shippings = planning.reduce((sum, row) => sum + Number(row.shippings), 0);
  // all campaigns: from their scheduled time to the last one planned (the scheduler starts and plans one after another)
  const allPlannedMs = Math.max(...planning.map((row) => new Date(row.planned_at).getTime())) - scheduledAt;
  const { rows: delivered } = await db.query(`select number, delivered_at from campaigns.campaign_shippings where campaign_id = any($1)`, [
    ids,
  ]);
  const deliveredAt = new Map(delivered.map((row) => [row.number, new Date(row.delivered_at).getTime()]));

  // what the sandbox received, recipient by recipient
  let lost = 0;
  let duplicated = 0;
  const latencies = [];
  const rates = [];
  const aheads = [];
  const gaps = [];
  const duplicates = [];
  for (const planned of plannedCampaigns) {
    const times = [];
    for (let k = 0; k < planned.numbers.length; k += 50) {
      const batch = planned.numbers.slice(k, k + 50);
      const answers = await Promise.all(
        batch.map((n) => fetch(`${sandboxUrl}/messages?customer=${n}&business=${planned.business}`).then((r) => r.json())),
      );
      answers.forEach((messages, j) => {
        if (messages.length === 0) lost += 1;
        if (messages.length > 1) {
          duplicated += messages.length - 1;
          duplicates.push({ number: batch[j], receivedAt: messages.map((m) => new Date(m.timestamp).toISOString()) });
        }
        for (const m of messages) {
          const at = typeof m.timestamp === 'number' ? m.timestamp : new Date(m.timestamp).getTime();
          times.push(at);
          const marked = deliveredAt.get(batch[j]);
          if (marked) latencies.push(marked - at);
        }
      });
    }
    times.sort((a, b) => a - b);
    for (let k = 1; k < times.length; k += 1) gaps.push(times[k] - times[k - 1]);
    rates.push((times.length - 1) / ((times.at(-1) - times[0]) / 1000));
    aheads.push(aheadOfPace(times, intervalMs));
  }
  latencies.sort((a, b) => a - b);
  rates.sort((a, b) => a - b);
  gaps.sort((a, b) => a - b);
  const violations = gaps.filter((gap) => gap < intervalMs - TOLERANCE_MS).length;
  // the RSS over the run, at tenths of it
  const rssOverRun = Array.from({ length: 11 }, (_, k) =>
    rss[Math.min(rss.length - 1, Math.round((k * (rss.length - 1)) / 10))].toFixed(0),
  ).join(' ');
  const pace = 1000 / intervalMs;
  const results = [
    { measure: 'shippings (recipients × connections)', value: `${shippings} (${perConnection} × ${connectionCount})` },
    {
      measure: 'shippings planned per second (rows written / planning time, per campaign, median)',
      value: Math.round(
        perConnection /
          (percentile(
            [...planMs].sort((a, b) => a - b),
            50,
          ) /
            1000),
      ),
    },
    {
      measure: 'shippings planned per second, all campaigns (their scheduled time → the last one planned)',
      value: Math.round(shippings / (Math.max(1, allPlannedMs) / 1000)),
    },
    { measure: `configured pace per connection (messages/s, ${intervalMs} ms)`, value: pace },
    {
      measure: 'delivery rate per connection at the sandbox, min / median / max (messages/s)',
      value: `${rates[0].toFixed(2)} / ${percentile(rates, 50).toFixed(2)} / ${rates.at(-1).toFixed(2)}`,
    },
    { measure: 'delivery rate, all connections (messages/s)', value: Math.round(shippings / (runMs / 1000)) },
    { measure: 'most any connection ran ahead of its pace at the sandbox (ms; ≤ 0: never)', value: Math.max(...aheads) },
    {
      measure: `gaps between a number's consecutive messages at the sandbox, min / p1 / p50 (ms)`,
      value: `${gaps[0]} / ${percentile(gaps, 1)} / ${percentile(gaps, 50)}`,
    },
    {
      measure: `pacing violations: gaps shorter than the interval − ${TOLERANCE_MS} ms, of all gaps`,
      value: `${violations} of ${gaps.length}`,
    },
    { measure: 'lost / duplicated recipients', value: `${lost} / ${duplicated}` },
    {
      measure: 'sandbox receipt → shipping marked delivered, p50 / p99 ms',
      value: `${percentile(latencies, 50)} / ${percentile(latencies, 99)}`,
    },
    { measure: 'start → last campaign FINALIZADA (s)', value: (runMs / 1000).toFixed(1) },
    {
      measure: 'campaigns process RSS MB: start / max / end',
      value: `${rss[0].toFixed(0)} / ${Math.max(...rss).toFixed(0)} / ${rss.at(-1).toFixed(0)}`,
    },
    { measure: 'campaigns process RSS MB at each tenth of the run', value: rssOverRun },
  ];
  console.table(results);
  if (duplicates.length > 0) {
    const { rows: shippingRows } = await db.query(
      `select number, attempts, failed_reason, delivered_at from campaigns.campaign_shippings where campaign_id = any($1) and number = any($2)`,
      [ids, duplicates.map((d) => d.number)],
    );
    console.log(
      'duplicated recipients:',
      JSON.stringify(duplicates.slice(0, 10).map((d) => ({ ...d, shipping: shippingRows.find((row) => row.number === d.number) }))),
    );
  }
} finally {
  await autovacuum.stop();
  if (autovacuum.runs().length > 0)
    console.log(
      `autovacuum's work done by the bench: ${autovacuum.runs().length} vacuums/analyzes, ${autovacuum.runs().reduce((sum, run) => sum + run.ms, 0)} ms in all`,
    );
  await db.end().catch(() => undefined);
  await platform.stop();
}
