import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { createObjectStorage } from '@atrium/storage';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { GatewayConfig } from '../config.js';
import { OBJECT_STORAGE } from './media.tokens.js';
import { PublicMediaController } from './public-media.controller.js';
import { UploadStaging } from './upload-staging.js';

/**
 * Media: the object store (MinIO/S3 when S3_ENDPOINT is set, else STORAGE_DIR on disk), the
 * public path that serves it, and multipart parsing for modules that import this one: uploads are
 * kept in memory up to MAX_UPLOAD_BYTES (beyond: 413 ERR_PAYLOAD_TOO_LARGE), one file per request.
 */
@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [SERVICE_CONFIG],
      // Browsers send file names in UTF-8; multer would read them as latin1.
      useFactory: (config: GatewayConfig) => ({ limits: { fileSize: config.MAX_UPLOAD_BYTES, files: 1 }, defParamCharset: 'utf8' }),
    }),
  ],
  controllers: [PublicMediaController],
  providers: [
    { provide: OBJECT_STORAGE, inject: [SERVICE_CONFIG], useFactory: (config: GatewayConfig) => createObjectStorage(config) },
    UploadStaging,
  ],
  exports: [OBJECT_STORAGE, MulterModule, UploadStaging],
})
export class MediaModule {}
