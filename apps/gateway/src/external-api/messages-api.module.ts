import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { EXTERNAL_MAX_MEDIAS } from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { GatewayConfig } from '../config.js';
import { MediaModule } from '../media/media.module.js';
import { ApiTokenOwners } from './api-token-owners.js';
import { ExternalApiGuard } from './external-api.guard.js';
import { MessagesApiController } from './messages-api.controller.js';

/** The external messaging API (`POST /api/messages/send`), with its own multipart settings (several `medias`). */
@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        limits: { fileSize: config.MAX_UPLOAD_BYTES, files: EXTERNAL_MAX_MEDIAS },
        defParamCharset: 'utf8',
      }),
    }),
    MediaModule,
  ],
  controllers: [MessagesApiController],
  providers: [ExternalApiGuard, ApiTokenOwners],
  exports: [ApiTokenOwners],
})
export class MessagesApiModule {}
