import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { inboundEventId, inboundSubject, type InboundMessageEvent } from '@atrium/contracts';
import { createPool } from '@atrium/database';
import { startService } from '@atrium/service-kit';
import { aChannelMessage, createTestDatabase, deleteTestStreams, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { TicketsAppModule } from '../app.module.js';
import { TicketsConfig } from '../config.js';

const BUSY = 51;
const QUIET = 52;
const WHATSAPP = 3;
const BACKLOG = 200;
const SMALL_COMPANIES = Array.from({ length: 30 }, (_, i) => 100 + i);
const BROKEN = 203;

/**
 * The consumer shares its lanes between companies: a company whose customers keep writing does
 * not keep a lane while another company waits, and the messages of several waiting companies go
 * in one transaction, each company's under its own tenant (one lane and batches of 10 here, so the
 * order in which companies are served shows).
 */
describe('InboundConsumer', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let nats: NatsConnection;
  let client: JetStreamClient;
  let owner: pg.Pool;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // one attempt: a failing event goes to the dead letters at once
    env = isolatedEnv(database, {
      INBOUND_CONCURRENCY: '1',
      INBOUND_BATCH_SIZE: '10',
      INBOUND_MAX_IN_HAND: '1000',
      INBOUND_MAX_DELIVERIES: '1',
    });
    const config = loadConfig(TicketsConfig, env);
    app = await startService({ service: 'tickets', config, module: TicketsAppModule.forRoot(config) });
    nats = await connect({ servers: env.NATS_URL });
    client = jetstream(nats);
    owner = createPool(database.ownerUrl, 2);
  });
  afterAll(async () => {
    await app.close();
    await deleteTestStreams(env);
    await nats.drain();
    await owner.end();
    await database.drop();
  });

  async function publish(companyId: number, number: string, body: string): Promise<void> {
    const event: InboundMessageEvent = {
      type: 'message',
      companyId,
      whatsappId: WHATSAPP,
      receivedAt: Date.now(),
      message: aChannelMessage(number, body),
    };
    await client.publish(env.NATS_SUBJECT_PREFIX + inboundSubject(companyId, WHATSAPP), JSON.stringify(event), {
      msgID: inboundEventId(event),
    });
  }

  const storedOf = async (companyId: number) =>
    (await owner.query<{ n: number }>('select count(*)::int as n from tickets.messages where company_id = $1', [companyId])).rows[0]!.n;

  async function waitUntil(done: () => Promise<boolean>, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  it('serves a company that writes once while another company’s backlog is being stored', async () => {
    await Promise.all(Array.from({ length: BACKLOG }, (_, i) => publish(BUSY, `55119770${String(i % 20).padStart(5, '0')}`, `fila ${i}`)));
    await publish(QUIET, '5511977099999', 'só uma');
    const deadline = Date.now() + 20_000;
    while ((await storedOf(QUIET)) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const busyStoredBefore = await storedOf(BUSY);
    expect(await storedOf(QUIET)).toBe(1);
    // the quiet company's message did not wait for the whole backlog
    expect(busyStoredBefore).toBeLessThan(BACKLOG / 2);
    while ((await storedOf(BUSY)) < BACKLOG && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedOf(BUSY)).toBe(BACKLOG);
  });

  it('stores many small companies’ messages in shared transactions, each company’s under its own tenant and in its order', async () => {
    await Promise.all(
      SMALL_COMPANIES.map(async (companyId) => {
        for (let k = 0; k < 3; k += 1) await publish(companyId, `5511966${String(companyId).padStart(6, '0')}`, `pequena ${k}`);
      }),
    );
    const storedAll = async () =>
      (await owner.query<{ n: number }>('select count(*)::int as n from tickets.messages where company_id = any($1)', [SMALL_COMPANIES]))
        .rows[0]!.n;
    await waitUntil(async () => (await storedAll()) === SMALL_COMPANIES.length * 3);
    expect(await storedAll()).toBe(SMALL_COMPANIES.length * 3);
    // every message on a ticket and contact of its own company, each company's three in the order published
    const { rows } = await owner.query<{ companyId: number; body: string; ticketCompany: number; contactCompany: number; tx: string }>(
      `select m.company_id as "companyId", m.body, t.company_id as "ticketCompany", c.company_id as "contactCompany", m.xmin::text as tx
       from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = m.contact_id
       where m.company_id = any($1) order by m.id`,
      [SMALL_COMPANIES],
    );
    for (const row of rows) expect([row.ticketCompany, row.contactCompany]).toEqual([row.companyId, row.companyId]);
    for (const companyId of SMALL_COMPANIES) {
      expect(rows.filter((row) => row.companyId === companyId).map((row) => row.body)).toEqual(['pequena 0', 'pequena 1', 'pequena 2']);
    }
    // companies' messages stored together (the xmin of a row is the transaction that wrote it)
    const companiesOfTx = new Map<string, Set<number>>();
    for (const row of rows) companiesOfTx.set(row.tx, (companiesOfTx.get(row.tx) ?? new Set()).add(row.companyId));
    expect(companiesOfTx.size).toBeLessThan(rows.length);
    expect(Math.max(...[...companiesOfTx.values()].map((companies) => companies.size))).toBeGreaterThan(1);
    // and the tenant row-level security sees: each company its own rows only
    const app = createPool(database.url, 1);
    try {
      const client = await app.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('app.company_id', $1, true)`, [String(SMALL_COMPANIES[0])]);
        const seen = await client.query<{ companyId: number }>('select distinct company_id as "companyId" from tickets.messages');
        expect(seen.rows).toEqual([{ companyId: SMALL_COMPANIES[0] }]);
        await client.query('rollback');
      } finally {
        client.release();
      }
    } finally {
      await app.end();
    }
  });

  it('stores the other companies’ messages when one company’s batch fails in their shared transaction', async () => {
    // the database refuses one message body (as a constraint it breaks would)
    await owner.query(`create function tickets.refuse_broken() returns trigger language plpgsql as $$
      begin if new.body = 'quebrada' then raise exception 'refused for the test'; end if; return new; end $$`);
    await owner.query(
      'create trigger refuse_broken before insert on tickets.messages for each row execute function tickets.refuse_broken()',
    );
    try {
      // a backlog keeps the lane busy meanwhile, so the next companies' messages wait and go together
      await Promise.all(Array.from({ length: 30 }, (_, i) => publish(200, `55119550${String(i).padStart(5, '0')}`, `antes ${i}`)));
      const others = [201, 202, 204, 205];
      await Promise.all([
        ...others.map((companyId) => publish(companyId, `5511955${String(companyId).padStart(6, '0')}`, 'boa')),
        (async () => {
          await publish(BROKEN, '5511955000203', 'quebrada');
          await publish(BROKEN, '5511955000203', 'depois');
        })(),
      ]);
      const bodiesOf = async (companyId: number) =>
        (await owner.query<{ body: string }>('select body from tickets.messages where company_id = $1 order by id', [companyId])).rows.map(
          (row) => row.body,
        );
      const deadLetters = async () =>
        (
          await owner.query<{ event: string }>(
            `select event from tickets.failed_inbound_events where company_id = $1 and event_type = 'message'`,
            [BROKEN],
          )
        ).rows;
      await waitUntil(
        async () => (await bodiesOf(BROKEN)).length === 1 && (await deadLetters()).length === 1 && (await storedOf(200)) === 30,
      );
      for (const companyId of others) expect(await bodiesOf(companyId)).toEqual(['boa']);
      expect(await storedOf(200)).toBe(30);
      expect(await bodiesOf(BROKEN)).toEqual(['depois']);
      const letters = await deadLetters();
      expect(letters).toHaveLength(1);
      expect(JSON.parse(letters[0]!.event).message.body).toBe('quebrada');
    } finally {
      await owner.query('drop trigger refuse_broken on tickets.messages');
    }
  });
});
