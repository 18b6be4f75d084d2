import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { startService } from '@atrium/service-kit';
import { createTestDatabase, deleteTestStreams, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { createPool } from '@atrium/database';
import pg from 'pg';
import { TicketsAppModule } from '../app.module.js';
import { TicketsConfig } from '../config.js';
import { MediaFiles } from './media-files.js';

const COMPANY = 52;
const OTHER = 53;

/**
 * MediaFiles against a real database and a real folder: a stored file goes once nothing carries
 * it, and never while a send holds it, whichever comes first.
 */
describe('MediaFiles', () => {
  let database: TestDatabase;
  let storageDir: string;
  let app: INestApplication;
  let media: MediaFiles;
  let owner: pg.Pool;
  let ticketId: number;
  let fileNo = 0;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-media-files-'));
    env = isolatedEnv(database, { INBOUND_ENABLED: 'false', STORAGE_DIR: storageDir });
    const config = loadConfig(TicketsConfig, env);
    app = await startService({ service: 'tickets', config, module: TicketsAppModule.forRoot(config) });
    media = app.get(MediaFiles);
    owner = createPool(database.ownerUrl, 2);
    const contact = await owner.query<{ id: number }>('insert into tickets.contacts (company_id, name) values ($1, $2) returning id', [
      COMPANY,
      'Cliente',
    ]);
    const ticket = await owner.query<{ id: number }>(
      `insert into tickets.tickets (company_id, contact_id, status) values ($1, $2, 'open') returning id`,
      [COMPANY, contact.rows[0]!.id],
    );
    ticketId = ticket.rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    if (env) await deleteTestStreams(env);
    await owner?.end();
    await database?.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  /** A file in the store under `<root>/<company>/...`; answers its key. */
  async function aStoredFile(root = 'tickets', companyId = COMPANY): Promise<string> {
    fileNo += 1;
    const key = `${root}/${companyId}/${ticketId}/f${fileNo}.png`;
    await mkdir(path.join(storageDir, path.dirname(key)), { recursive: true });
    await writeFile(path.join(storageDir, key), 'png');
    return key;
  }
  const stored = (key: string): boolean => existsSync(path.join(storageDir, key));
  const aMessageCarrying = (key: string) =>
    owner.query('insert into tickets.messages (company_id, ticket_id, wid, media_path) values ($1, $2, $3, $4)', [
      COMPANY,
      ticketId,
      `W-${key}`,
      key,
    ]);

  it('removes the files nothing carries, and keeps those a message or a quick message carries', async () => {
    const [loose, sent, attached] = [await aStoredFile(), await aStoredFile('whatsapp'), await aStoredFile('quick-messages')];
    await aMessageCarrying(sent);
    await owner.query('insert into tickets.quick_messages (company_id, shortcode, media_path) values ($1, $2, $3)', [
      COMPANY,
      'q',
      attached,
    ]);

    await media.removeUnreferenced(COMPANY, [loose, sent, attached, null]);
    expect([stored(loose), stored(sent), stored(attached)]).toEqual([false, true, true]);
  });

  it('touches no file of another company or outside the conversation roots', async () => {
    const [foreign, announcement] = [await aStoredFile('tickets', OTHER), await aStoredFile('announcements')];
    await media.removeUnreferenced(COMPANY, [foreign, announcement, '../escape.png']);
    expect([stored(foreign), stored(announcement)]).toEqual([true, true]);
  });

  it('keeps a held file until the hold is released', async () => {
    const key = await aStoredFile();
    const hold = await media.hold(COMPANY, key, 'mediaUrl');
    await media.removeUnreferenced(COMPANY, [key]);
    expect(stored(key)).toBe(true);

    await hold.release();
    await media.removeUnreferenced(COMPANY, [key]);
    expect(stored(key)).toBe(false);
  });

  it('refuses to hold a file that is no longer stored', async () => {
    await expect(media.hold(COMPANY, `tickets/${COMPANY}/${ticketId}/gone.png`, 'mediaUrl')).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: [{ field: 'mediaUrl', messages: ['the file no longer exists'] }],
    });
  });

  it('lets a lapsed hold (its sender died) keep nothing, and forgets it', async () => {
    const key = await aStoredFile();
    await owner.query(`insert into tickets.media_holds (company_id, path, expires_at) values ($1, $2, now() - interval '1 second')`, [
      COMPANY,
      key,
    ]);
    await media.removeUnreferenced(COMPANY, [key]);
    expect(stored(key)).toBe(false);
    expect((await owner.query('select 1 from tickets.media_holds where path = $1', [key])).rowCount).toBe(0);
  });

  it('waits for a hold being taken, then keeps the file (no removal under a send)', async () => {
    const key = await aStoredFile();
    // a sender's transaction that has taken the file's lock and not yet written its hold
    const sender = new pg.Client({ connectionString: database.url });
    await sender.connect();
    try {
      await sender.query('begin');
      await sender.query("select set_config('app.company_id', $1, true)", [String(COMPANY)]);
      await sender.query(`select pg_advisory_xact_lock_shared(hashtext('media-file'), hashtext($1))`, [key]);

      const removal = media.removeUnreferenced(COMPANY, [key]);
      await untilAdvisoryLockAwaited();
      expect(stored(key)).toBe(true);
      await sender.query(`insert into tickets.media_holds (company_id, path, expires_at) values ($1, $2, now() + interval '1 minute')`, [
        COMPANY,
        key,
      ]);
      await sender.query('commit');
      await removal;
      expect(stored(key)).toBe(true);
    } finally {
      await sender.end();
    }
  });

  /** Until some transaction of the test database waits on an advisory lock. */
  async function untilAdvisoryLockAwaited(): Promise<void> {
    for (let tries = 0; tries < 500; tries += 1) {
      const { rows } = await owner.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
         where l.locktype = 'advisory' and not l.granted and d.datname = current_database()`,
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the removal never waited for the lock');
  }
});
