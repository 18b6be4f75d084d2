import { Client } from 'minio';
import type { ObjectStorage, StoredObject } from './object-storage.js';
import { assertStorageKey, contentTypeOf } from './storage-key.js';

export interface S3StorageSettings {
  /** Base URL of the S3 API, e.g. http://minio:9000 or https://s3.amazonaws.com. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

const NOT_FOUND_CODES = new Set(['NotFound', 'NoSuchKey', 'NoSuchBucket']);

function isNotFound(error: unknown): boolean {
  return NOT_FOUND_CODES.has((error as { code?: string } | null)?.code ?? '');
}

/** Objects in one bucket of MinIO or any S3-compatible service; the bucket is created on first write. */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: Client;
  private bucketReady?: Promise<void>;

  constructor(private readonly settings: S3StorageSettings) {
    const url = new URL(settings.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region,
      pathStyle: true,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.ensureBucket();
    await this.client.putObject(this.settings.bucket, assertStorageKey(key), body, body.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    const objectName = assertStorageKey(key);
    try {
      const info = await this.client.statObject(this.settings.bucket, objectName);
      const body = await this.client.getObject(this.settings.bucket, objectName);
      const stored = (info.metaData as Record<string, string | undefined>)['content-type'];
      return { body, size: info.size, contentType: stored || contentTypeOf(key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.settings.bucket, assertStorageKey(key));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** A server-side copy, then the source removed. */
  async move(from: string, to: string): Promise<boolean> {
    const source = assertStorageKey(from);
    await this.ensureBucket();
    try {
      await this.client.copyObject(this.settings.bucket, assertStorageKey(to), `/${this.settings.bucket}/${source}`);
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    await this.delete(source);
    return true;
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.removeObject(this.settings.bucket, assertStorageKey(key));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.client.bucketExists(this.settings.bucket))) {
        await this.client.makeBucket(this.settings.bucket, this.settings.region);
      }
    })().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }
}
