import { IsOptional, IsString, Matches, MinLength, ValidateIf } from 'class-validator';
import { ServiceConfig } from './service-config.js';

/**
 * Variables of the services that read or write media (libs/storage): the gateway (uploads and
 * /public), sessions (customers' files) and tickets (files of deleted tickets). They must agree,
 * so they are defined once here.
 */
export class MediaStorageConfig extends ServiceConfig {
  /** Folder of the local object store when no S3/MinIO is configured (one folder every media service shares). */
  @IsString() STORAGE_DIR: string = '.data/storage';
  /** MinIO/S3 base URL (e.g. http://minio:9000); when set, media go there instead of STORAGE_DIR. */
  @IsOptional() @Matches(/^https?:\/\/[^/]+\/?$/) S3_ENDPOINT?: string;
  /** S3 access key (required with S3_ENDPOINT). */
  @ValidateIf((c: MediaStorageConfig) => Boolean(c.S3_ENDPOINT)) @IsString() @MinLength(1) S3_ACCESS_KEY?: string;
  /** S3 secret key (required with S3_ENDPOINT). */
  @ValidateIf((c: MediaStorageConfig) => Boolean(c.S3_ENDPOINT)) @IsString() @MinLength(1) S3_SECRET_KEY?: string;
  /** Bucket of the media (created when missing). */
  @IsString() @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/) S3_BUCKET: string = 'atrium-media';
  /** S3 region. */
  @IsString() S3_REGION: string = 'us-east-1';
}
