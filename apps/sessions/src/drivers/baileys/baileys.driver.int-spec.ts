import 'reflect-metadata';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { ChannelState } from '@atrium/channel';
import { createPool, Database } from '@atrium/database';
import { createLogger } from '@atrium/logging';
import { createTestDatabase, type TestDatabase } from '@atrium/testing';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { AuthKeysRepository } from '../../auth-state/auth-keys.repository.js';
import { PgAuthStateStore } from '../../auth-state/pg-auth-state.store.js';
import { sessionsSchema } from '../../db/schema.js';
import { BaileysDriver } from './baileys.driver.js';

describe('Baileys driver connection loop (against a local server that refuses the handshake)', () => {
  let server: WebSocketServer;
  let url: string;
  let connections = 0;
  let database: TestDatabase;
  let app: Database<typeof sessionsSchema>;
  let repository: AuthKeysRepository;
  const sessionIds: number[] = [];

  async function authStore(index: number): Promise<PgAuthStateStore> {
    return new PgAuthStateStore(repository, { companyId: 51, whatsappId: sessionIds[index]! }, 64);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    app = new Database(createPool(database.url, 2), sessionsSchema);
    repository = new AuthKeysRepository(app);
    const owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    const rows = await owner.query<{ id: number }>(
      "insert into sessions.whatsapps (company_id, name) values (51, 'One'), (51, 'Two') returning id",
    );
    sessionIds.push(...rows.rows.map((row) => row.id));
    await owner.end();
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/chat`;
    // WhatsApp's server, as far as this test goes: accept, then hang up.
    server.on('connection', (socket) => {
      connections += 1;
      setTimeout(() => socket.close(), 20);
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    await database.drop();
  });

  it('reconnects with growing, jittered delays while the server hangs up, and stops for good on stop()', async () => {
    const states: ChannelState[] = [];
    const driver = new BaileysDriver({
      backoff: { baseMs: 40, maxMs: 400 },
      historySync: false,
      historyMaxMessages: 0,
      cacheCapacity: 32,
      webSocketUrl: url,
    });
    const session = driver.createSession({
      sessionName: 'atrium-1-1',
      auth: await authStore(0),
      listener: { onState: (state) => void states.push(state), onInbound: async () => undefined },
      logger: createLogger({ service: 'sessions', level: 'silent' }),
    });
    await session.start();
    const deadline = Date.now() + 10_000;
    while (states.filter((s) => s.state === 'reconnecting').length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));

    const retries = states.filter((s): s is Extract<ChannelState, { state: 'reconnecting' }> => s.state === 'reconnecting');
    expect(states[0]).toEqual({ state: 'connecting' });
    expect(retries.length).toBeGreaterThanOrEqual(3);
    expect(retries.map((r) => r.attempt).slice(0, 3)).toEqual([1, 2, 3]);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(20);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(40);
    expect(retries[2]!.delayMs).toBeGreaterThanOrEqual(80);
    expect(connections).toBeGreaterThanOrEqual(3);

    await session.stop();
    const seen = connections;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(connections).toBe(seen);
    expect(states.at(-1)).toEqual({ state: 'closed' });
  });

  it('refuses commands while not connected', async () => {
    const driver = new BaileysDriver({
      backoff: { baseMs: 1000, maxMs: 1000 },
      historySync: false,
      historyMaxMessages: 0,
      cacheCapacity: 32,
      webSocketUrl: url,
    });
    const auth = await authStore(1);
    await auth.set([{ category: 'creds', id: 'baileys', value: '{}' }]);
    const session = driver.createSession({
      sessionName: 'atrium-1-2',
      auth,
      listener: { onState: () => undefined, onInbound: async () => undefined },
      logger: createLogger({ service: 'sessions', level: 'silent' }),
    });
    await expect(session.sendText('5511987654321', 'oi')).rejects.toMatchObject({ reason: 'not-connected' });
    await expect(session.checkNumber('5511987654321')).rejects.toMatchObject({ reason: 'not-connected' });
    await session.logout();
    expect(await repository.count({ companyId: 51, whatsappId: sessionIds[1]! })).toBe(0);
  });
});
