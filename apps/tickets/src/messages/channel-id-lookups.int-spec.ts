import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import type { InboundMessageEvent } from '@atrium/contracts';
import { createPool } from '@atrium/database';
import { DATABASE, startService } from '@atrium/service-kit';
import { aChannelMessage, createTestDatabase, deleteTestStreams, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { TicketsAppModule } from '../app.module.js';
import { TicketsConfig } from '../config.js';
import { InboundHandler } from '../inbound/inbound-handler.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { MessagesRepository } from './messages.repository.js';

const COMPANY = 52;
const WHATSAPP = 9;
const GROWN_TO = 20_000;

type PlanNode = { 'Actual Rows': number; 'Shared Hit Blocks': number; 'Shared Read Blocks': number };

/**
 * The hot lookups by channel id keep one index probe a key whatever PostgreSQL knows of the table:
 * their named statements are planned on a table of one message (generic plans, as a prepared
 * statement keeps its first one), then the table grows to 20 000 messages of the same company
 * without an `analyze` (a new database before autovacuum's first pass; this machine runs without
 * autovacuum). A plan that reads the company's messages and keeps the keys that match reads every
 * page of the table.
 */
describe('lookups by channel id without statistics', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let owner: pg.Pool;
  let env: Record<string, string>;
  let db: TicketsDatabase;
  let repository: MessagesRepository;
  let tablePages: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = createPool(database.ownerUrl, 1);
    // every execution of a named statement runs the plan made at its first one
    await owner.query(`alter database "${database.name}" set plan_cache_mode = force_generic_plan`);
    // one connection: the statements prepared below are the ones measured
    env = isolatedEnv(database, { INBOUND_ENABLED: 'false', DATABASE_POOL_MAX: '1' });
    const config = loadConfig(TicketsConfig, env);
    app = await startService({ service: 'tickets', config, module: TicketsAppModule.forRoot(config) });
    db = app.get<TicketsDatabase>(DATABASE);
    repository = app.get(MessagesRepository);

    const first: InboundMessageEvent = {
      type: 'message',
      companyId: COMPANY,
      whatsappId: WHATSAPP,
      receivedAt: Date.now(),
      message: aChannelMessage('5511977001234', 'primeira', { id: 'WID-1' }),
    };
    expect((await app.get(InboundHandler).handle(first)).outcome).toBe('done');
    // planned now, on a table of one message
    await db.withTenant(COMPANY, async (tx) => {
      expect(await repository.findByWids(tx, COMPANY, [{ whatsappId: WHATSAPP, wid: 'WID-1' }])).toHaveLength(1);
      expect(await repository.recordsByWid(tx, COMPANY, [{ whatsappId: WHATSAPP, wid: 'WID-1' }])).toHaveLength(1);
      // a group's lookup (two companies' keys)
      expect(
        await repository.findByCompanyWids(tx, [
          { companyId: COMPANY, whatsappId: WHATSAPP, wid: 'WID-1' },
          { companyId: COMPANY + 1, whatsappId: WHATSAPP + 1, wid: 'WID-1' },
        ]),
      ).toHaveLength(1);
    });
    await owner.query(
      `insert into tickets.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack)
       select m.company_id, m.ticket_id, m.contact_id, m.whatsapp_id, 'WID-' || g, 'mensagem ' || g, g % 2 = 0, 1
       from tickets.messages m, generate_series(2, $1) g where m.wid = 'WID-1'`,
      [GROWN_TO],
    );
    tablePages = (
      await owner.query<{ pages: number }>(
        `select (pg_relation_size('tickets.messages') / current_setting('block_size')::int)::int as pages`,
      )
    ).rows[0]!.pages;
  });
  afterAll(async () => {
    await app.close();
    await deleteTestStreams(env);
    await owner.end();
    await database.drop();
  });

  const keys = Array.from({ length: 10 }, (_, i) => ({ whatsappId: WHATSAPP, wid: `WID-${1000 * (i + 1)}` }));

  /**
   * The named statement's own plan, run on the service's connection: the top node's rows and pages
   * read. Its parameters by their declared types: the keys' connections (`integer[]`) and channel
   * ids (`character varying[]`), the company (`integer`), a lateral lookup's limit (`bigint`, 1).
   */
  async function executed(statement: string, given?: string[]): Promise<PlanNode> {
    const byType: Record<string, string> = {
      'integer[]': `'{${keys.map((k) => k.whatsappId).join(',')}}'`,
      'character varying[]': `'{${keys.map((k) => k.wid).join(',')}}'`,
      integer: String(COMPANY),
      bigint: '1',
    };
    return db.withTenant(COMPANY, async (tx) => {
      const declared = await tx.execute(sql`select parameter_types::text[] as types from pg_prepared_statements where name = ${statement}`);
      const parameters = given ?? (declared.rows[0] as { types: string[] }).types.map((type) => byType[type] ?? `unexpected ${type}`);
      const result = await tx.execute(sql.raw(`explain (analyze, buffers, format json) execute ${statement}(${parameters.join(', ')})`));
      return (result.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
    });
  }

  it.each(['messages_by_wids', 'message_records_by_wids'])('%s reads a few pages per key, not the table', async (statement) => {
    expect(tablePages).toBeGreaterThan(150);
    const plan = await executed(statement);
    expect(plan['Actual Rows']).toBe(keys.length);
    // a probe of the channel-id index is three or four pages; the author's and quote's probes a few more
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(keys.length * 10);
  });

  it('messages_by_company_wids (a group of companies’ lookups) reads a few pages per key, not the table', async () => {
    const plan = await executed('messages_by_company_wids', [
      `'{${keys.map(() => COMPANY).join(',')}}'`,
      `'{${keys.map((k) => k.whatsappId).join(',')}}'`,
      `'{${keys.map((k) => k.wid).join(',')}}'`,
      '1',
    ]);
    expect(plan['Actual Rows']).toBe(keys.length);
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(keys.length * 10);
  });

  it('finds each key’s message, its author, and no quote', async () => {
    const records = await db.withTenant(COMPANY, (tx) => repository.recordsByWid(tx, COMPANY, keys));
    expect(records.map((record) => record.message.wid).sort()).toEqual(keys.map((key) => key.wid).sort());
    expect(
      records.every((record) => record.contact?.number === '5511977001234' && record.quoted === null && record.quotedContact === null),
    ).toBe(true);
    expect(records[0]!.message.createdAt).toBeInstanceOf(Date);
  });

  it('raises the acks of the keys’ messages and records sends by id, only those rows', async () => {
    const [raised, recorded] = await db.withTenant(COMPANY, async (tx) => {
      const found = await repository.findByWids(tx, COMPANY, keys.slice(0, 2));
      const acks = await repository.raiseAcks(tx, COMPANY, [
        ...keys.slice(0, 3).map((key) => ({ ...key, ack: 3 })),
        { ...keys[0]!, ack: 2 },
      ]);
      const sent = await repository.recordSent(
        tx,
        COMPANY,
        found.map((row) => ({ id: row.id, wid: `${row.wid}-sent`, ack: 2 })),
      );
      return [acks, sent];
    });
    expect(raised.map((row) => [row.wid, row.ack]).sort()).toEqual(
      keys
        .slice(0, 3)
        .map((key) => [key.wid, 3])
        .sort(),
    );
    // greatest(3, 2): a record never lowers an ack
    expect(recorded.map((row) => [row.wid, row.ack]).sort()).toEqual(
      keys
        .slice(0, 2)
        .map((key) => [`${key.wid}-sent`, 3])
        .sort(),
    );
    const { rows } = await owner.query<{ n: number }>(`select count(*)::int as n from tickets.messages where ack > 1 or wid like '%-sent'`);
    expect(rows[0]!.n).toBe(3);
  });
});
