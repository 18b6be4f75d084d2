import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import type { ChannelMessage, InboundMessageEvent } from '@atrium/contracts';
import { startService } from '@atrium/service-kit';
import { aChannelMessage, createTestDatabase, deleteTestStreams, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { createPool } from '@atrium/database';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { TicketsAppModule } from '../app.module.js';
import { TicketsConfig } from '../config.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsTx } from '../shared/tickets-database.js';
import { INBOUND_BATCH_STEPS, type InboundBatchStep, type StoredInboundBatch } from './inbound-batch-step.js';
import { InboundHandler } from './inbound-handler.js';

const COMPANY = 41;
const WHATSAPP = 7;

function message(number: string, id: string, body: string, overrides: Partial<ChannelMessage> = {}): InboundMessageEvent {
  return {
    type: 'message',
    companyId: COMPANY,
    whatsappId: WHATSAPP,
    receivedAt: Date.now(),
    message: aChannelMessage(number, body, { id, ...overrides }),
  };
}

/**
 * The database, not luck, keeps concurrent deliveries apart: the handler runs the same kind of
 * events at the same moment on separate connections (as two replicas would).
 */
describe('InboundHandler', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let handler: InboundHandler;
  let owner: pg.Pool;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = isolatedEnv(database, { INBOUND_ENABLED: 'false', DATABASE_POOL_MAX: '32' });
    const config = loadConfig(TicketsConfig, env);
    app = await startService({ service: 'tickets', config, module: TicketsAppModule.forRoot(config) });
    handler = app.get(InboundHandler);
    owner = createPool(database.ownerUrl, 2);
  });
  afterAll(async () => {
    await app.close();
    await deleteTestStreams(env);
    await owner.end();
    await database.drop();
  });

  const count = async (text: string, params: unknown[]) => (await owner.query<{ n: number }>(text, params)).rows[0]!.n;

  it('creates one contact and one ticket for the first messages of a customer handled at once', async () => {
    const numbers = Array.from({ length: 10 }, (_, i) => `55119880000${String(i).padStart(2, '0')}`);
    const outcomes = await Promise.all(numbers.flatMap((n) => [1, 2, 3].map((k) => handler.handle(message(n, `M-${n}-${k}`, `msg ${k}`)))));
    expect(outcomes.every((o) => o.outcome === 'done')).toBe(true);
    expect(await count('select count(*)::int as n from tickets.contacts where number = any($1)', [numbers])).toBe(10);
    expect(
      await count(
        'select count(*)::int as n from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = any($1)',
        [numbers],
      ),
    ).toBe(10);
    expect(await count('select min(unread_messages)::int as n from tickets.tickets where company_id = $1', [COMPANY])).toBe(3);
  });

  it('stores a message delivered several times at once only once', async () => {
    const event = message('5511988009999', 'SAME-ID', 'uma vez');
    await Promise.all([1, 2, 3, 4].map(() => handler.handle(event)));
    expect(await count(`select count(*)::int as n from tickets.messages where wid = 'SAME-ID'`, [])).toBe(1);
    expect(
      await count(
        `select t.unread_messages::int as n from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = '5511988009999'`,
        [],
      ),
    ).toBe(1);
  });

  const ticketOf = async (number: string) =>
    (
      await owner.query<{ id: number; unread: number; last: string }>(
        `select t.id, t.unread_messages as unread, t.last_message as last from tickets.tickets t join tickets.contacts c on c.id = t.contact_id
         where c.number = $1 and t.status in ('open', 'pending')`,
        [number],
      )
    ).rows;
  const bodiesOf = async (ticketId: number) =>
    (
      await owner.query<{ body: string }>('select body from tickets.messages where ticket_id = $1 order by created_at, id', [ticketId])
    ).rows.map((row) => row.body);

  it('stores a batch of several customers’ messages in one call: one contact and ticket each, in order, counted', async () => {
    const numbers = ['5511977000001', '5511977000002', '5511977000003'];
    const batch = [1, 2, 3, 4].flatMap((k) => numbers.map((n) => message(n, `B-${n}-${k}`, `b${k}`)));
    const outcome = await handler.storeMessages(batch);
    expect(outcome.outcome).toBe('done');
    for (const number of numbers) {
      const [ticket, ...others] = await ticketOf(number);
      expect(others).toHaveLength(0);
      expect(ticket).toMatchObject({ unread: 4, last: 'b4' });
      expect(await bodiesOf(ticket!.id)).toEqual(['b1', 'b2', 'b3', 'b4']);
    }
  });

  it('skips in a batch the messages already stored and the repeats within it', async () => {
    const number = '5511977000010';
    const first = message(number, 'DUP-1', 'um');
    await handler.handle(first);
    await handler.storeMessages([first, message(number, 'DUP-2', 'dois'), message(number, 'DUP-2', 'dois'), first]);
    const [ticket] = await ticketOf(number);
    expect(await bodiesOf(ticket!.id)).toEqual(['um', 'dois']);
    expect(ticket!.unread).toBe(2);
  });

  it('announces again a customer message redelivered after its process died between the commit and the announcement', async () => {
    const number = '5511977000040';
    const event = message(number, 'LOST-ANNOUNCE', 'ninguém viu');
    const first = await handler.storeMessages([event]);
    expect(first.outcome === 'done' && first.announce).toBeTruthy(); // never called: the process died here
    const events = app.get(TicketsEvents);
    const announced: string[] = [];
    const spy = jest.spyOn(events, 'message').mockImplementation((action, view) => void announced.push(`${action}:${view.body}`));
    try {
      const again = await handler.storeMessages([event]);
      if (again.outcome !== 'done') throw new Error('expected done');
      again.announce?.();
      expect(announced).toEqual(['create:ninguém viu']);
    } finally {
      spy.mockRestore();
    }
    const [ticket] = await ticketOf(number);
    expect(await bodiesOf(ticket!.id)).toEqual(['ninguém viu']);
  });

  it('links a reply to the message it quotes in the same batch', async () => {
    const number = '5511977000020';
    await handler.storeMessages([message(number, 'Q-1', 'pergunta'), message(number, 'Q-2', 'resposta', { quotedId: 'Q-1' })]);
    const rows = await owner.query<{ wid: string; quoted: string | null }>(
      `select m.wid, q.wid as quoted from tickets.messages m left join tickets.messages q on q.id = m.quoted_msg_id where m.wid in ('Q-1', 'Q-2') order by m.id`,
    );
    expect(rows.rows).toEqual([
      { wid: 'Q-1', quoted: null },
      { wid: 'Q-2', quoted: 'Q-1' },
    ]);
  });

  it('knows a customer named by lid and then by number within one batch as one contact, learning both', async () => {
    const lid = '88000111222';
    const number = '5511977000030';
    await handler.storeMessages([
      message(number, 'L-1', 'pelo lid', {
        chat: { id: `${lid}@lid`, isGroup: false, name: null },
        from: { number: null, lid, name: 'Lia' },
      }),
      message(number, 'L-2', 'com número', { chat: { id: `${lid}@lid`, isGroup: false, name: null }, from: { number, lid, name: 'Lia' } }),
      message(number, 'L-3', 'pelo número', { from: { number, lid: null, name: 'Lia' } }),
    ]);
    const contacts = await owner.query('select name, number, lid from tickets.contacts where number = $1 or lid = $2', [number, lid]);
    expect(contacts.rows).toEqual([{ name: 'Lia', number, lid }]);
    const [ticket] = await ticketOf(number);
    expect(await bodiesOf(ticket!.id)).toEqual(['pelo lid', 'com número', 'pelo número']);
  });

  it('makes one contact and one ticket per customer when two batches of the same new customers are stored at once', async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => `55119770001${String(i).padStart(2, '0')}`);
    const [a, b] = ['X', 'Y'].map((replica) => numbers.map((n) => message(n, `${replica}-${n}`, replica)));
    await Promise.all([handler.storeMessages(a!), handler.storeMessages([...b!].reverse())]);
    expect(await count('select count(*)::int as n from tickets.contacts where number = any($1)', [numbers])).toBe(numbers.length);
    const tickets = await owner.query<{ unread: number }>(
      `select t.unread_messages as unread from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = any($1)`,
      [numbers],
    );
    expect(tickets.rows).toHaveLength(numbers.length);
    expect(tickets.rows.every((row) => row.unread === 2)).toBe(true);
  });

  describe('the steps features register (INBOUND_BATCH_STEPS)', () => {
    /** Adds a step after the registered ones for one test, as a feature's module would register it. */
    async function withStep<T>(step: InboundBatchStep, run: () => Promise<T>): Promise<T> {
      const steps = app.get<InboundBatchStep[]>(INBOUND_BATCH_STEPS);
      steps.push(step);
      try {
        return await run();
      } finally {
        steps.splice(steps.indexOf(step), 1);
      }
    }

    const messageIdsIn = (tx: TicketsTx, batches: StoredInboundBatch[]) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from tickets.messages where id in (${sql.join(
          batches.flatMap(({ messages }) => messages.map(({ row }) => sql`${row.id}`)),
          sql`, `,
        )})`,
      );

    it('runs a step in its phases: prepared before the transaction, on the stored messages in it, around the announcement after it', async () => {
      const number = '5511977000050';
      const seen: string[] = [];
      const step: InboundBatchStep = {
        prepare: (batches) => {
          seen.push(`prepare ${batches.flatMap(({ events }) => events.map((event) => event.message.body)).join(',')}`);
          return Promise.resolve({
            stored: async (group, stored) => {
              // the batch's rows are visible in the step's transaction
              const [row] = (await messageIdsIn(group.all, stored)).rows;
              seen.push(
                `stored ${stored.flatMap(({ messages }) => messages.map(({ row: message }) => message.body)).join(',')} (${row!.n} in the transaction)`,
              );
              return {
                viewed: (_tx, tickets) => {
                  seen.push(`viewed ${[...tickets.values()].map((ticket) => ticket.lastMessage).join(',')}`);
                  return Promise.resolve();
                },
                beforeAnnounce: () => void seen.push('before announce'),
                afterAnnounce: () => void seen.push('after announce'),
              };
            },
          });
        },
      };
      const events = app.get(TicketsEvents);
      const spy = jest.spyOn(events, 'message').mockImplementation((action, view) => void seen.push(`announce ${action} ${view.body}`));
      try {
        // 'b' twice: the repeat is skipped before the steps see the batch
        const outcome = await withStep(step, () =>
          handler.storeMessages([message(number, 'S-1', 'a'), message(number, 'S-2', 'b'), message(number, 'S-2', 'b')]),
        );
        expect(seen).toEqual(['prepare a,b,b', 'stored a,b (2 in the transaction)', 'viewed b']);
        if (outcome.outcome !== 'done') throw new Error('expected done');
        outcome.announce?.();
      } finally {
        spy.mockRestore();
      }
      expect(seen.slice(3)).toEqual(['before announce', 'announce create a', 'announce create b', 'after announce']);
    });

    it('stores nothing of a batch whose step fails in the transaction (the consumer redelivers it)', async () => {
      const number = '5511977000051';
      const failing: InboundBatchStep = {
        prepare: () => Promise.resolve({ stored: () => Promise.reject(new Error('the step failed')) }),
      };
      await expect(withStep(failing, () => handler.storeMessages([message(number, 'F-1', 'perdida?')]))).rejects.toThrow('the step failed');
      expect(await count('select count(*)::int as n from tickets.messages where wid = $1', ['F-1'])).toBe(0);
      expect(await count('select count(*)::int as n from tickets.contacts where number = $1', [number])).toBe(0);
      // without it, the redelivery stores the message
      await handler.storeMessages([message(number, 'F-1', 'perdida?')]);
      expect(await count('select count(*)::int as n from tickets.messages where wid = $1', ['F-1'])).toBe(1);
    });

    it('stores several companies’ batches in one transaction of their group, each company’s messages on its own contacts and tickets', async () => {
      const number = '5511977000060'; // the same customer writes to both companies
      const other = (id: string, body: string): InboundMessageEvent => ({
        ...message(number, id, body),
        companyId: COMPANY + 1,
        whatsappId: WHATSAPP + 1,
      });
      const calls: number[][] = [];
      const step: InboundBatchStep = {
        prepare: () =>
          Promise.resolve({
            stored: (_group, stored) => {
              calls.push(stored.map(({ companyId }) => companyId));
              return Promise.resolve(undefined);
            },
          }),
      };
      const outcome = await withStep(step, () =>
        handler.storeMessagesTogether([[message(number, 'G-1', 'a'), message(number, 'G-2', 'b')], [other('G-3', 'c')]]),
      );
      expect(outcome.outcome).toBe('done');
      // one call of the step with both companies' batches
      expect(calls).toEqual([[COMPANY, COMPANY + 1]]);
      const rows = (
        await owner.query<{ company_id: number; body: string; contact_company: number; ticket_company: number; xmin: string }>(
          `select m.company_id, m.body, c.company_id as contact_company, t.company_id as ticket_company, m.xmin::text as xmin
             from tickets.messages m join tickets.contacts c on c.id = m.contact_id join tickets.tickets t on t.id = m.ticket_id
            where m.wid like 'G-%' order by m.wid`,
        )
      ).rows;
      expect(rows.map((row) => [row.company_id, row.body, row.contact_company, row.ticket_company])).toEqual([
        [COMPANY, 'a', COMPANY, COMPANY],
        [COMPANY, 'b', COMPANY, COMPANY],
        [COMPANY + 1, 'c', COMPANY + 1, COMPANY + 1],
      ]);
      expect(new Set(rows.map((row) => row.xmin)).size).toBe(1);
      expect(await count('select count(*)::int as n from tickets.contacts where number = $1', [number])).toBe(2);
      // delivered again together: nothing stored twice
      await handler.storeMessagesTogether([[message(number, 'G-1', 'a')], [other('G-3', 'c')]]);
      expect(await count(`select count(*)::int as n from tickets.messages where wid like 'G-%'`, [])).toBe(3);
    });

    it('leaves out a step that has nothing to do in a batch', async () => {
      let stored = false;
      const idle: InboundBatchStep = { prepare: () => Promise.resolve(undefined) };
      const after: InboundBatchStep = {
        prepare: () =>
          Promise.resolve({
            stored: () => {
              stored = true;
              return Promise.resolve(undefined);
            },
          }),
      };
      await withStep(idle, () => withStep(after, () => handler.storeMessages([message('5511977000052', 'I-1', 'oi')])));
      expect(stored).toBe(true);
    });
  });
});
