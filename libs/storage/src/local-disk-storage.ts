import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage, StoredObject } from './object-storage.js';
import { assertStorageKey, contentTypeOf } from './storage-key.js';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Objects as files under one folder (the default when no S3/MinIO is configured). */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The content type is not stored: reading derives it from the key's extension. */
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write beside, then rename: a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), size: info.size, contentType: contentTypeOf(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<boolean> {
    const source = this.fileOf(from);
    const target = this.fileOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source, target);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  /** The file of a key, checked to stay inside the root even if the key check were bypassed. */
  private fileOf(key: string): string {
    const file = path.resolve(this.root, ...assertStorageKey(key).split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  }
}
