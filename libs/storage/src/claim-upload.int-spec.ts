import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { claimUpload } from './claim-upload.js';
import { LocalDiskStorage } from './local-disk-storage.js';

describe('claimUpload', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'atrium-claim-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('moves a staged file under the owner’s prefix, once', async () => {
    await storage.put('uploads/4/ab12.png', Buffer.from('x'), 'image/png');
    expect(await claimUpload(storage, 'uploads/4/ab12.png', 'uploads/4/', 'tickets/4/9/')).toBe('tickets/4/9/ab12.png');
    expect(await storage.has('tickets/4/9/ab12.png')).toBe(true);
    expect(await claimUpload(storage, 'uploads/4/ab12.png', 'uploads/4/', 'tickets/4/9/')).toBeNull();
  });

  it('refuses another prefix (another company’s uploads), nested segments and unsafe keys', async () => {
    await storage.put('uploads/5/cd34.png', Buffer.from('y'), 'image/png');
    await storage.put('uploads/4/x/cd34.png', Buffer.from('y'), 'image/png');
    expect(await claimUpload(storage, 'uploads/5/cd34.png', 'uploads/4/', 'tickets/4/9/')).toBeNull();
    expect(await claimUpload(storage, 'uploads/4/x/cd34.png', 'uploads/4/', 'tickets/4/9/')).toBeNull();
    expect(await claimUpload(storage, 'uploads/4/../5/cd34.png', 'uploads/4/', 'tickets/4/9/')).toBeNull();
    expect(await storage.has('uploads/5/cd34.png')).toBe(true);
  });
});
