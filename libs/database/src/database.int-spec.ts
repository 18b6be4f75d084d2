import { isBusyError } from '@atrium/contracts';
import { createPool, Database, DatabaseBusyError } from './database.js';

const OWNER_URL = process.env.TEST_DATABASE_OWNER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('Database: a pool with no free connection', () => {
  const pool = createPool(OWNER_URL, 1);
  const database = new Database(pool, {});
  afterAll(() => pool.end());

  it('fails with a DatabaseBusyError (a BusyError: 503 with retryAfterSeconds, not an unexpected 500) when no connection came free in time, and runs nothing', async () => {
    const held = await pool.connect();
    let ran = false;
    try {
      const refused = await database
        .asSystem(async () => {
          ran = true;
        })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseBusyError);
      expect(isBusyError(refused)).toBe(true);
      expect(refused).toMatchObject({ retryAfterSeconds: 1 });
      expect(ran).toBe(false);
    } finally {
      held.release();
    }
    // once a connection is free again, work runs
    expect(await database.asSystem(async () => 'ran')).toBe('ran');
  }, 20_000);
});
