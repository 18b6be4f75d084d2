import { Inject, Injectable } from '@nestjs/common';
import { CONVERSATION_MEDIA_ROOTS, type MessageMediaDto } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER } from '@atrium/service-kit';
import { contentTypeOf, safeFileName, type ObjectStorage } from '@atrium/storage';
import { randomBytes } from 'node:crypto';
import { OBJECT_STORAGE } from '../media/media.tokens.js';
import { displayName, type UploadedMedia } from '../media/uploaded-file.js';

const MIME = /^[A-Za-z0-9][\w.+-]{0,60}\/[A-Za-z0-9][\w.+-]{0,60}$/;

/** The type a file is stored and sent with: the client's when it is well-formed and specific, else the extension's. */
export function mimetypeOf(file: UploadedMedia): string {
  const claimed = file.mimetype?.toLowerCase() ?? '';
  return MIME.test(claimed) && claimed !== 'application/octet-stream' ? claimed : contentTypeOf(file.originalname);
}

/**
 * Files of conversations in the object store: what agents send in a ticket
 * (`tickets/<companyId>/<ticketId>/<random>-<name>`) and quick-message attachments
 * (`quick-messages/<companyId>/<id>/<random>-<name>`). Served back under /public/<key> only to
 * who may see them (ConversationMediaMiddleware).
 */
@Injectable()
export class ConversationUploads {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async storeForTicket(companyId: number, ticketId: number, files: UploadedMedia[]): Promise<MessageMediaDto[]> {
    const stored: MessageMediaDto[] = [];
    try {
      for (const file of files) {
        const key = this.keyFor(CONVERSATION_MEDIA_ROOTS.tickets, companyId, ticketId, file);
        const mimetype = mimetypeOf(file);
        await this.storage.put(key, file.buffer, mimetype);
        stored.push({ path: key, mimetype, filename: displayName(file), size: file.size });
      }
    } catch (error) {
      await this.discard(stored.map((media) => media.path));
      throw error;
    }
    return stored;
  }

  async storeForQuickMessage(companyId: number, id: number, file: UploadedMedia): Promise<{ mediaPath: string; mediaName: string }> {
    const key = this.keyFor(CONVERSATION_MEDIA_ROOTS.quickMessages, companyId, id, file);
    await this.storage.put(key, file.buffer, mimetypeOf(file));
    // spec 001: spaces in attachment names become underscores
    return { mediaPath: key, mediaName: displayName(file).replace(/\s/g, '_') };
  }

  /** A file left behind costs space, never correctness: failures are logged, not thrown. */
  async discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.warn({ err: error, key }, 'could not delete a stored media file');
      }
    }
  }

  private keyFor(root: string, companyId: number, ownerId: number, file: UploadedMedia): string {
    return `${root}/${companyId}/${ownerId}/${randomBytes(8).toString('hex')}-${safeFileName(file.originalname, 'file')}`;
  }
}
