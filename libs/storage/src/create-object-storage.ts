import { LocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3-object-storage.js';

/** The storage variables an app reads (see the gateway's config). */
export interface StorageSettings {
  /** Folder of the local store, used when S3_ENDPOINT is not set. */
  STORAGE_DIR: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  S3_BUCKET: string;
  S3_REGION: string;
}

/** MinIO/S3 when S3_ENDPOINT is set, otherwise a folder on local disk. */
export function createObjectStorage(settings: StorageSettings): ObjectStorage {
  if (!settings.S3_ENDPOINT) return new LocalDiskStorage(settings.STORAGE_DIR);
  if (!settings.S3_ACCESS_KEY || !settings.S3_SECRET_KEY) {
    throw new Error('S3_ACCESS_KEY and S3_SECRET_KEY are required when S3_ENDPOINT is set');
  }
  return new S3ObjectStorage({
    endpoint: settings.S3_ENDPOINT,
    accessKey: settings.S3_ACCESS_KEY,
    secretKey: settings.S3_SECRET_KEY,
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
  });
}
