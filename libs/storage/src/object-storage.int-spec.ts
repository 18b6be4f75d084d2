import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { createObjectStorage } from './create-object-storage.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage } from './object-storage.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The same behaviour is required of every implementation. */
function behavesAsObjectStorage(name: string, open: () => ObjectStorage) {
  describe(`${name} object storage`, () => {
    let storage: ObjectStorage;
    beforeAll(() => {
      storage = open();
    });

    it('stores an object and reads it back with its size and type', async () => {
      const body = Buffer.from('png bytes');
      await storage.put('announcements/1/a.png', body, 'image/png');
      const stored = await storage.get('announcements/1/a.png');
      expect(stored).toMatchObject({ size: body.length, contentType: 'image/png' });
      expect(await readAll(stored!.body)).toEqual(body);
    });

    it('replaces an object written again under the same key', async () => {
      await storage.put('announcements/2/b.jpg', Buffer.from('first'), 'image/jpeg');
      await storage.put('announcements/2/b.jpg', Buffer.from('second'), 'image/jpeg');
      expect((await readAll((await storage.get('announcements/2/b.jpg'))!.body)).toString()).toBe('second');
    });

    it('answers null for a missing key and deletes idempotently', async () => {
      expect(await storage.get('announcements/404/none.png')).toBeNull();
      expect(await storage.has('announcements/404/none.png')).toBe(false);
      await storage.put('announcements/3/c.png', Buffer.from('x'), 'image/png');
      expect(await storage.has('announcements/3/c.png')).toBe(true);
      await storage.delete('announcements/3/c.png');
      await storage.delete('announcements/3/c.png');
      expect(await storage.get('announcements/3/c.png')).toBeNull();
      expect(await storage.has('announcements/3/c.png')).toBe(false);
    });

    it('moves an object to another key (a claimed upload), keeping its bytes and type', async () => {
      await storage.put('uploads/1/f00d.pdf', Buffer.from('pdf bytes'), 'application/pdf');
      expect(await storage.move('uploads/1/f00d.pdf', 'tickets/1/7/beef.pdf')).toBe(true);
      expect(await storage.has('uploads/1/f00d.pdf')).toBe(false);
      const moved = await storage.get('tickets/1/7/beef.pdf');
      expect(moved).toMatchObject({ size: 9, contentType: 'application/pdf' });
      expect((await readAll(moved!.body)).toString()).toBe('pdf bytes');
      expect(await storage.move('uploads/1/f00d.pdf', 'tickets/1/7/other.pdf')).toBe(false);
    });

    it('refuses unsafe keys', async () => {
      await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get('a/../../b')).rejects.toThrow(/unsafe storage key/);
    });
  });
}

let localRoot: string;
let s3Root: string;
let s3: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  localRoot = await mkdtemp(path.join(os.tmpdir(), 'atrium-storage-local-'));
  s3Root = await mkdtemp(path.join(os.tmpdir(), 'atrium-storage-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Root });
  const address = (await s3.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await s3.close();
  await Promise.all([rm(localRoot, { recursive: true, force: true }), rm(s3Root, { recursive: true, force: true })]);
});

behavesAsObjectStorage('local disk', () => createObjectStorage({ STORAGE_DIR: localRoot, S3_BUCKET: 'unused', S3_REGION: 'us-east-1' }));
behavesAsObjectStorage('S3 (s3rver)', () =>
  createObjectStorage({
    STORAGE_DIR: localRoot,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'atrium-media',
    S3_REGION: 'us-east-1',
  }),
);

describe('createObjectStorage', () => {
  it('picks local disk without S3_ENDPOINT and S3 with it', () => {
    expect(createObjectStorage({ STORAGE_DIR: localRoot, S3_BUCKET: 'b', S3_REGION: 'r' }).kind).toBe('local');
    expect(
      createObjectStorage({
        STORAGE_DIR: localRoot,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY: 'a',
        S3_SECRET_KEY: 'b',
        S3_BUCKET: 'b',
        S3_REGION: 'r',
      }).kind,
    ).toBe('s3');
  });

  it('refuses an S3 endpoint without credentials', () => {
    expect(() =>
      createObjectStorage({ STORAGE_DIR: localRoot, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b', S3_REGION: 'r' }),
    ).toThrow(/S3_ACCESS_KEY/);
  });

  it('keeps local objects inside the root and leaves no partial files', async () => {
    const storage = new LocalDiskStorage(localRoot);
    await storage.put('x/y/z.txt', Buffer.from('z'), 'text/plain');
    expect(await readdir(path.join(localRoot, 'x', 'y'))).toEqual(['z.txt']);
  });
});
