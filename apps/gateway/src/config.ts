import { EnvBoolean, ServiceConfig } from '@atrium/config';
import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

export class GatewayConfig extends ServiceConfig {
  /** The REST API and socket.io port. */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8080;
  /** Must equal identity's JWT_SECRET. */
  @IsString() @MinLength(32) JWT_SECRET: string = 'dev-only-jwt-secret-change-me-0123456789';
  /** Comma-separated browser origins allowed to call the API with credentials. */
  @IsString() WEB_ORIGINS: string = 'http://localhost:3000,http://127.0.0.1:3000';
  /** Mark the refresh cookie Secure (on behind HTTPS). */
  @EnvBoolean() COOKIE_SECURE: boolean = false;
  /** Folder of the local object store (media uploads) when no S3/MinIO is configured. */
  @IsString() STORAGE_DIR: string = '.data/storage';
  /** Largest upload accepted, in bytes. */
  @IsInt() @Min(1024) MAX_UPLOAD_BYTES: number = 20 * 1024 * 1024;
  /** MinIO/S3 base URL (e.g. http://minio:9000); when set, media go there instead of STORAGE_DIR. */
  @IsOptional() @Matches(/^https?:\/\/[^/]+\/?$/) S3_ENDPOINT?: string;
  @ValidateIf((c: GatewayConfig) => Boolean(c.S3_ENDPOINT)) @IsString() @MinLength(1) S3_ACCESS_KEY?: string;
  @ValidateIf((c: GatewayConfig) => Boolean(c.S3_ENDPOINT)) @IsString() @MinLength(1) S3_SECRET_KEY?: string;
  @IsString() @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/) S3_BUCKET: string = 'atrium-media';
  @IsString() S3_REGION: string = 'us-east-1';
  /**
   * Which peers may set X-Forwarded-For (express "trust proxy"): by default only loopback and
   * private networks (an ingress inside the cluster), so a client cannot fake its IP.
   */
  @IsString() TRUST_PROXY: string = 'loopback, linklocal, uniquelocal';
  @IsString() APP_VERSION: string = '6.0.0';
}
