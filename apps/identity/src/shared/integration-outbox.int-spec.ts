import { INTEGRATION_STREAM, streamName, type IntegrationEvent } from '@atrium/contracts';
import { createPool, Database } from '@atrium/database';
import { createLogger } from '@atrium/logging';
import { deleteStream, IntegrationEvents, IntegrationOutbox } from '@atrium/messaging';
import { createTestDatabase, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { identitySchema, outbox } from '../db/schema.js';

/** The transactional outbox with identity's table: an event is published if and only if its transaction committed. */
describe('IntegrationOutbox (real PostgreSQL and JetStream)', () => {
  const logger = createLogger({ service: 'test', level: 'silent' });
  let testDatabase: TestDatabase;
  let database: Database<typeof identitySchema>;
  let nats: NatsConnection;
  let prefix: string;
  let events: IntegrationEvents;
  const relays: IntegrationOutbox[] = [];
  const received: IntegrationEvent[] = [];

  const relay = () => {
    const created = new IntegrationOutbox({
      database: database as unknown as Database<Record<string, unknown>>,
      table: outbox,
      events,
      channel: 'outbox_test',
      logger,
      pollMs: 200,
    });
    relays.push(created);
    return created;
  };

  async function receivedCount(count: number): Promise<void> {
    for (let tries = 0; received.length < count; tries += 1) {
      if (tries > 200) throw new Error(`received ${received.length} of ${count} events`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const env = isolatedEnv(testDatabase);
    prefix = env.NATS_SUBJECT_PREFIX!;
    database = new Database(createPool(testDatabase.url, 4), identitySchema);
    nats = await connect({ servers: env.NATS_URL });
    events = new IntegrationEvents({ connection: () => nats, subjectPrefix: prefix, consumer: 'tickets', logger });
    events.on('user.deleted', async (event) => void received.push(event));
    events.on('queue.deleted', async (event) => void received.push(event));
    await events.start();
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await events.stop();
    await deleteStream(nats, INTEGRATION_STREAM, prefix);
    await nats.drain();
    await database.close();
    await testDatabase.drop();
  });

  it('publishes the event of a committed transaction, and nothing of one that rolled back', async () => {
    const outboxRelay = relay();
    await outboxRelay.start();
    received.length = 0;
    await expect(
      database.withTenant(4, async (tx) => {
        await outboxRelay.add(tx, 'user.deleted', 4, { userId: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await database.withTenant(4, (tx) => outboxRelay.add(tx, 'user.deleted', 4, { userId: 2 }));
    await receivedCount(1);
    expect(received).toEqual([committed]);
    // the relay deletes what it published once JetStream stored it
    for (let tries = 0; (await database.asSystem((tx) => tx.select().from(outbox))).length > 0; tries += 1) {
      if (tries > 200) throw new Error('the outbox kept a published event');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  it('publishes an event committed while no relay ran once a relay starts', async () => {
    received.length = 0;
    const stopped = relay();
    const staged = await database.withTenant(5, (tx) => stopped.add(tx, 'queue.deleted', 5, { queueId: 9 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
    await relay().start();
    await receivedCount(1);
    expect(received).toEqual([staged]);
  });

  it('publishes each event once with two relays side by side', async () => {
    received.length = 0;
    const [a, b] = [relay(), relay()];
    await Promise.all([a.start(), b.start()]);
    const before = (await (await jetstreamManager(nats)).streams.info(streamName(INTEGRATION_STREAM, prefix))).state.messages;
    const staged: IntegrationEvent[] = [];
    for (let userId = 100; userId < 140; userId += 1) {
      staged.push(await database.withTenant(6, (tx) => (userId % 2 ? a : b).add(tx, 'user.deleted', 6, { userId })));
    }
    await receivedCount(40);
    const after = (await (await jetstreamManager(nats)).streams.info(streamName(INTEGRATION_STREAM, prefix))).state.messages;
    expect(after - before).toBe(40);
    expect(new Set(received.map((event) => event.id))).toEqual(new Set(staged.map((event) => event.id)));
  });
});
