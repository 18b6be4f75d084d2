import 'reflect-metadata';
import { createPool, Database } from '@atrium/database';
import { createTestDatabase, type TestDatabase } from '@atrium/testing';
import { initAuthCreds, proto } from '@whiskeysockets/baileys';
import pg from 'pg';
import { sessionsSchema } from '../db/schema.js';
import { BAILEYS_CREDS_KEY, loadBaileysAuthState } from '../drivers/baileys/baileys-auth-state.js';
import { AuthKeysRepository } from './auth-keys.repository.js';
import { PgAuthStateStore } from './pg-auth-state.store.js';

describe('auth state in PostgreSQL, one key per row (real database, RLS applies)', () => {
  let database: TestDatabase;
  let app: Database<typeof sessionsSchema>;
  let owner: pg.Client;
  let repository: AuthKeysRepository;
  const session = { companyId: 0, whatsappId: 0 };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = new Database(createPool(database.url, 2), sessionsSchema);
    owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    const row = await owner.query<{ id: number }>("insert into sessions.whatsapps (company_id, name) values (41, 'Auth') returning id");
    Object.assign(session, { companyId: 41, whatsappId: row.rows[0]!.id });
    repository = new AuthKeysRepository(app);
  });
  afterAll(async () => {
    await owner.end();
    await app.close();
    await database.drop();
  });

  const rowsOf = async (category?: string) =>
    Number(
      (
        await owner.query<{ n: string }>(
          'select count(*) as n from sessions.auth_keys where whatsapp_id = $1 and company_id = $2 and ($3::text is null or category = $3)',
          [session.whatsappId, session.companyId, category ?? null],
        )
      ).rows[0]!.n,
    );

  it('keeps Baileys credentials across restarts, Buffers included', async () => {
    const first = await loadBaileysAuthState(new PgAuthStateStore(repository, session, 16));
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.me = { id: '5511900001111:7@s.whatsapp.net', name: 'Atrium' };
    await first.saveCreds();
    expect(await rowsOf('creds')).toBe(1);

    const again = await loadBaileysAuthState(new PgAuthStateStore(repository, session, 16));
    expect(again.state.creds.me).toEqual({ id: '5511900001111:7@s.whatsapp.net', name: 'Atrium' });
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.compare(Buffer.from(again.state.creds.noiseKey.private), Buffer.from(first.state.creds.noiseKey.private))).toBe(0);
  });

  it('writes a large key batch in one go, one row per key, and deletes keys set to null', async () => {
    const { state } = await loadBaileysAuthState(new PgAuthStateStore(repository, session, 16));
    const keyPair = initAuthCreds().signedIdentityKey;
    const preKeys = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [String(i + 1), keyPair]));
    await state.keys.set({ 'pre-key': preKeys, session: { [`5511987654321.0`]: Buffer.from('session record') } });
    expect(await rowsOf('pre-key')).toBe(1200);
    const some = await state.keys.get('pre-key', ['1', '600', '99999']);
    expect(Object.keys(some).sort()).toEqual(['1', '600']);
    expect(Buffer.isBuffer(some['600']!.public)).toBe(true);
    await state.keys.set({ 'pre-key': { '1': null, '2': null } });
    expect(await rowsOf('pre-key')).toBe(1198);
    expect(await state.keys.get('pre-key', ['1'])).toEqual({});
  });

  it('hands app-state sync keys back as protobuf objects', async () => {
    const { state } = await loadBaileysAuthState(new PgAuthStateStore(repository, session, 16));
    const keyData = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('secret key'), timestamp: 1_760_000_000 });
    await state.keys.set({ 'app-state-sync-key': { AAAA: keyData } });
    const fresh = await loadBaileysAuthState(new PgAuthStateStore(repository, session, 16));
    const loaded = (await fresh.state.keys.get('app-state-sync-key', ['AAAA'])).AAAA!;
    expect(loaded).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(loaded.keyData!).toString()).toBe('secret key');
  });

  it('reads through a cache that never holds more than its capacity', async () => {
    const store = new PgAuthStateStore(repository, session, 8);
    const ids = Array.from({ length: 100 }, (_, i) => String(i + 3));
    const found = await store.get('pre-key', ids);
    expect(found.size).toBe(100);
    expect(store.cachedKeys).toBe(8);
    // A cached key (or a cached miss) is answered without PostgreSQL.
    await store.get('pre-key', ['102']);
    await owner.query("delete from sessions.auth_keys where whatsapp_id = $1 and category = 'pre-key' and key_id = '102'", [
      session.whatsappId,
    ]);
    expect((await store.get('pre-key', ['102'])).has('102')).toBe(true);
    expect((await new PgAuthStateStore(repository, session, 8).get('pre-key', ['102'])).has('102')).toBe(false);
  });

  it('shows a session’s keys to its own company only', async () => {
    const intruder = new PgAuthStateStore(repository, { companyId: 42, whatsappId: session.whatsappId }, 8);
    expect((await intruder.get(BAILEYS_CREDS_KEY.category, [BAILEYS_CREDS_KEY.id])).size).toBe(0);
    // Overwriting the session's credentials from another company is refused by row-level security.
    await expect(intruder.set([{ category: BAILEYS_CREDS_KEY.category, id: BAILEYS_CREDS_KEY.id, value: 'forged' }])).rejects.toThrow();
    const own = await new PgAuthStateStore(repository, session, 8).get(BAILEYS_CREDS_KEY.category, [BAILEYS_CREDS_KEY.id]);
    expect(own.get(BAILEYS_CREDS_KEY.id)).not.toBe('forged');
  });

  it('forgets everything on clear', async () => {
    const store = new PgAuthStateStore(repository, session, 8);
    await store.get('pre-key', ['3']);
    await store.clear();
    expect(await rowsOf()).toBe(0);
    expect(store.cachedKeys).toBe(0);
    const fresh = await loadBaileysAuthState(store);
    expect(fresh.state.creds.me).toBeUndefined();
  });
});
