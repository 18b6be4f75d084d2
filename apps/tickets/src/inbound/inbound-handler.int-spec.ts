import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import type { InboundMessageEvent } from '@atrium/contracts';
import { startService } from '@atrium/service-kit';
import { aChannelMessage, createTestDatabase, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { createPool } from '@atrium/database';
import type pg from 'pg';
import { TicketsAppModule } from '../app.module.js';
import { TicketsConfig } from '../config.js';
import { InboundHandler } from './inbound-handler.js';

const COMPANY = 41;
const WHATSAPP = 7;

function message(number: string, id: string, body: string): InboundMessageEvent {
  return { type: 'message', companyId: COMPANY, whatsappId: WHATSAPP, receivedAt: Date.now(), message: aChannelMessage(number, body, { id }) };
}

/**
 * The database, not luck, keeps concurrent deliveries apart: the handler runs the same kind of
 * events at the same moment on separate connections (as two replicas would).
 */
describe('InboundHandler under concurrency', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let handler: InboundHandler;
  let owner: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig(TicketsConfig, isolatedEnv(database, { INBOUND_ENABLED: 'false', DATABASE_POOL_MAX: '32' }));
    app = await startService({ service: 'tickets', config, module: TicketsAppModule.forRoot(config) });
    handler = app.get(InboundHandler);
    owner = createPool(database.ownerUrl, 2);
  });
  afterAll(async () => {
    await app.close();
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
      await count('select count(*)::int as n from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = any($1)', [numbers]),
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
});
