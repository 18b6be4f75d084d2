import { Controller, Get, Inject, Param, Res, StreamableFile } from '@nestjs/common';
import { AppError, ErrorCode, isConversationMediaKey } from '@atrium/contracts';
import { toStorageKey, type ObjectStorage } from '@atrium/storage';
import type { Response } from 'express';
import { Public } from '../auth/decorators.js';
import { OBJECT_STORAGE } from './media.tokens.js';

/**
 * Stored media under GET /public/<key> (spec 000: images are read from the backend's public
 * path). Only safe keys reach the store (no traversal, no hidden files); responses are sandboxed
 * so a stored file can never run script in the API's origin. Conversation media are never served
 * here: ConversationMediaMiddleware serves them after its login and ticket checks, so a spelling
 * of the path it would not recognise ends in a 404, never in the file (fail closed).
 */
@Public()
@Controller('public')
export class PublicMediaController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Get('*path')
  async serve(@Param('path') path: string | string[], @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    const key = toStorageKey(path);
    const stored = key === null || isConversationMediaKey(key) ? null : await this.storage.get(key);
    if (!stored) throw new AppError(ErrorCode.ERR_NOT_FOUND);
    response.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    response.setHeader('Cache-Control', 'public, max-age=86400');
    return new StreamableFile(stored.body, { type: stored.contentType, length: stored.size, disposition: 'inline' });
  }
}
