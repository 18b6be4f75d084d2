import { INTEGRATION_STREAM, integrationSubject, type IntegrationEvent } from '@atrium/contracts';
import { createLogger } from '@atrium/logging';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { deleteStream } from './jetstream-streams.js';
import { IntegrationEvents, newIntegrationEvent } from './integration.events.js';

describe('IntegrationEvents (real JetStream)', () => {
  /** Each test has its own stream: a new consumer hears the stream's whole history. */
  let prefix = '';
  const logger = createLogger({ service: 'test', level: 'silent' });
  let connection: NatsConnection;
  const started: IntegrationEvents[] = [];

  const replica = (consumer: string) => {
    const events = new IntegrationEvents({ connection: () => connection, subjectPrefix: prefix, consumer, logger, ackWaitSeconds: 5 });
    started.push(events);
    return events;
  };

  /** Resolves when `count` calls were seen. */
  function recorder<T>(count: number) {
    const seen: T[] = [];
    let done!: () => void;
    const all = new Promise<void>((resolve) => (done = resolve));
    return {
      seen,
      all,
      add(value: T) {
        seen.push(value);
        if (seen.length === count) done();
      },
    };
  }

  beforeAll(async () => {
    connection = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  });
  beforeEach(() => {
    prefix = `t${randomBytes(4).toString('hex')}.`;
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((events) => events.stop()));
    await deleteStream(connection, INTEGRATION_STREAM, prefix);
  });
  afterAll(async () => {
    await connection.drain();
  });

  it('delivers an event published while the service was stopped once it starts again', async () => {
    const first = replica('billing');
    const got = recorder<IntegrationEvent<'user.deleted'>>(1);
    first.on('user.deleted', async (event) => got.add(event));
    await first.start();
    await first.stop();

    const published = newIntegrationEvent('user.deleted', 7, { userId: 41 });
    await replica('identity').publish(published);
    const again = replica('billing');
    again.on('user.deleted', async (event) => got.add(event));
    await again.start();
    await got.all;
    expect(got.seen).toEqual([published]);
  });

  it('gives each event to one replica of a service, and to every service that handles it', async () => {
    const byReplica = recorder<string>(10);
    const other = recorder<number>(10);
    for (const name of ['a', 'b']) {
      const events = replica('ai');
      events.on('queue.deleted', async (event) => byReplica.add(`${name}:${event.payload.queueId}`));
      await events.start();
    }
    const campaigns = replica('campaigns');
    campaigns.on('queue.deleted', async (event) => other.add(event.payload.queueId));
    await campaigns.start();

    const publisher = replica('tickets');
    for (let queueId = 1; queueId <= 10; queueId += 1) await publisher.publish(newIntegrationEvent('queue.deleted', 3, { queueId }));
    await Promise.all([byReplica.all, other.all]);
    expect(byReplica.seen.map((entry) => Number(entry.split(':')[1])).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...other.seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('redelivers an event whose handler failed, and acknowledges it once it succeeds', async () => {
    const attempts: string[] = [];
    const succeeded = recorder<string>(1);
    const events = replica('sessions');
    events.on('user.deleted', async (event) => {
      attempts.push(event.id);
      if (attempts.length === 1) throw new Error('database down');
      succeeded.add(event.id);
    });
    await events.start();
    const published = newIntegrationEvent('user.deleted', 9, { userId: 5 });
    await replica('identity').publish(published);
    await succeeded.all;
    expect(attempts).toEqual([published.id, published.id]);
  });

  it('de-duplicates a re-publish with the same id, and skips malformed events without stopping', async () => {
    const got = recorder<number>(2);
    const events = replica('gateway');
    events.on('queue.deleted', async (event) => got.add(event.payload.queueId));
    await events.start();
    const publisher = replica('tickets');
    const event = newIntegrationEvent('queue.deleted', 4, { queueId: 70 });
    await publisher.publish(event);
    await publisher.publish({ ...event, occurredAt: new Date().toISOString() });
    await jetstream(connection).publish(prefix + integrationSubject('queue.deleted', 4), '{"not":"an event"}');
    await publisher.publish(newIntegrationEvent('queue.deleted', 4, { queueId: 71 }));
    await got.all;
    expect(got.seen).toEqual([70, 71]);
  });
});
