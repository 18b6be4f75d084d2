import { ServiceConfig } from '@atrium/config';
import { IsBoolean, IsInt, IsString, Max, Min, MinLength } from 'class-validator';

export class GatewayConfig extends ServiceConfig {
  /** The REST API and socket.io port. */
  @IsInt() @Min(0) @Max(65535) PORT = 8080;
  /** Must equal identity's JWT_SECRET. */
  @IsString() @MinLength(32) JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
  /** Comma-separated browser origins allowed to call the API with credentials. */
  @IsString() WEB_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000';
  /** Mark the refresh cookie Secure (on behind HTTPS). */
  @IsBoolean() COOKIE_SECURE = false;
  /** Folder of the local object store (media uploads) when no S3/MinIO is configured. */
  @IsString() STORAGE_DIR = '.data/storage';
  /** Largest upload accepted, in bytes. */
  @IsInt() @Min(1024) MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
  @IsString() APP_VERSION = '6.0.0';
}
