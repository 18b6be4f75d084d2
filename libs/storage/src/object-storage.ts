import type { Readable } from 'node:stream';

/** An object as read back from the store. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where media (announcement images, message attachments, ...) live. Keys are relative,
 * slash-separated paths made of safe segments (see toStorageKey); implementations refuse others.
 */
export interface ObjectStorage {
  /** 'local' (a folder on disk) or 's3' (MinIO or any S3-compatible service). */
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when no object has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object has this key (without reading it). */
  has(key: string): Promise<boolean>;
  /**
   * Gives the object of `from` the key `to` (replacing any object there) and removes `from`:
   * how a service takes over a file uploaded to a temporary key. False when `from` has no object.
   */
  move(from: string, to: string): Promise<boolean>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}
