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

/**
 * The consumer shares its lanes between companies: a company whose customers keep writing does
 * not keep a lane while another company waits (one lane and batches of 10 here, so the order in
 * which companies are served shows).
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
    env = isolatedEnv(database, { INBOUND_CONCURRENCY: '1', INBOUND_BATCH_SIZE: '10', INBOUND_MAX_IN_HAND: '1000' });
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
});
