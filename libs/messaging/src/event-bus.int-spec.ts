import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { LiveEvent, UserEventUser } from '@atrium/contracts';
import { randomBytes } from 'node:crypto';
import { EventBus } from './event-bus.js';

/**
 * A live event's payload is declared once, by kind (libs/contracts LiveEventPayloads). The
 * `@ts-expect-error` lines are checked by `npm run typecheck`: a publisher or subscriber that
 * renames a field does not compile. The tests run the typed bus over the real NATS server.
 */

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Never called: what does not compile. */
export function misusesThatDoNotCompile(bus: EventBus): void {
  // @ts-expect-error a user event carries `userId` on delete, not `id`
  bus.publish({ kind: 'user', companyId: 3, payload: { action: 'delete', id: 7 } });
  // @ts-expect-error a kind no one declared
  bus.publish({ kind: 'no-such-kind', companyId: 3, payload: {} });
  // @ts-expect-error a ticket payload under the user kind
  bus.publish({ kind: 'user', companyId: 3, payload: { action: 'delete', ticketId: 7 } });
  bus.subscribeTo('user', (event) => {
    // @ts-expect-error a saved user's payload is `user`, not `record`
    if (event.payload.action === 'update') void event.payload.record;
  });
}

describe('typed live events over NATS', () => {
  const prefix = `t${randomBytes(4).toString('hex')}.`;
  let connection: NatsConnection;
  let bus: EventBus;

  beforeAll(async () => {
    connection = await connect({ servers: NATS_URL });
    bus = new EventBus(() => connection, prefix);
  });
  afterAll(async () => {
    await connection.close();
  });

  it('hands a subscriber of one kind the events of every company with their declared payload, and no other kind', async () => {
    const seen: Array<LiveEvent<'user'>> = [];
    let bothSeen!: () => void;
    const both = new Promise<void>((resolve) => (bothSeen = resolve));
    const subscription = bus.subscribeTo('user', (event) => {
      seen.push(event);
      if (seen.length === 2) bothSeen();
    });
    await connection.flush();
    const user = { id: 7, companyId: 3, name: 'Ana', company: { id: 3, name: 'Acme' } } as UserEventUser;
    bus.publish({ kind: 'user', companyId: 3, payload: { action: 'update', user } });
    bus.publish({ kind: 'queue', companyId: 3, payload: { action: 'delete', queueId: 1 } });
    bus.publish({ kind: 'user', companyId: 4, payload: { action: 'delete', userId: 9 } });
    await both;
    subscription.unsubscribe();
    expect(seen).toEqual([
      { kind: 'user', companyId: 3, payload: { action: 'update', user } },
      { kind: 'user', companyId: 4, payload: { action: 'delete', userId: 9 } },
    ]);
  });
});
