import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@atrium/config';
import { INBOUND_STREAM, inboundStreamName, type ChannelMessage, type InboundEvent } from '@atrium/contracts';
import { PrefixedNatsClient } from '@atrium/messaging';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { SessionsConfig } from '../config.js';
import { InboundPublisher } from './inbound-publisher.js';

describe('InboundPublisher (real JetStream)', () => {
  const prefix = `t${randomBytes(4).toString('hex')}.`;
  const config = loadConfig(SessionsConfig, { NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', NATS_SUBJECT_PREFIX: prefix });
  const proxy = new PrefixedNatsClient({ servers: config.NATS_URL }, prefix);
  const publisher = new InboundPublisher(proxy, config);

  beforeAll(async () => {
    await proxy.connect();
    await publisher.onApplicationBootstrap();
  });
  afterAll(async () => {
    const manager = await jetstreamManager(proxy.unwrap<NatsConnection>());
    await manager.streams.delete(inboundStreamName(prefix));
    await proxy.close();
  });

  const event = (id: string, receivedAt: number): InboundEvent => ({
    type: 'message',
    companyId: 3,
    whatsappId: 9,
    receivedAt,
    message: { id, body: 'oi' } as ChannelMessage,
  });

  it('creates the stream with the contract’s subjects, retention and duplicate window', async () => {
    const info = await (await jetstreamManager(proxy.unwrap<NatsConnection>())).streams.info(inboundStreamName(prefix));
    expect(info.config).toMatchObject({
      subjects: [`${prefix}inbound.>`],
      duplicate_window: INBOUND_STREAM.duplicateWindowSeconds * 1e9,
      max_age: INBOUND_STREAM.maxAgeSeconds * 1e9,
    });
  });

  it('stores a message received twice (redelivered after a crash) only once', async () => {
    const first = await publisher.publish(event('ABC123', 1));
    const again = await publisher.publish(event('ABC123', 2));
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ duplicate: true, seq: first.seq });
    const other = await publisher.publish(event('ABC124', 3));
    expect(other.seq).toBe(first.seq + 1);
  });

  it('keeps an existing stream and brings its settings up to date on the next start', async () => {
    const manager = await jetstreamManager(proxy.unwrap<NatsConnection>());
    const name = inboundStreamName(prefix);
    await manager.streams.update(name, { max_age: 3600 * 1e9 });
    await publisher.ensureStream();
    const info = await manager.streams.info(name);
    expect(info.state.messages).toBe(2);
    expect(info.config.max_age).toBe(INBOUND_STREAM.maxAgeSeconds * 1e9);
  });
});
