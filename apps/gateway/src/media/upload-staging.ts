import { Inject, Injectable } from '@nestjs/common';
import { CONVERSATION_MEDIA_ROOTS } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER } from '@atrium/service-kit';
import { contentTypeOf, serverFileKeySegment, type ObjectStorage } from '@atrium/storage';
import { OBJECT_STORAGE } from './media.tokens.js';
import { displayName, type UploadedMedia } from './uploaded-file.js';

const MIME = /^[A-Za-z0-9][\w.+-]{0,60}\/[A-Za-z0-9][\w.+-]{0,60}$/;

/** The type a file is stored and sent with: the client's when it is well-formed and specific, else the extension's. */
export function mimetypeOf(file: UploadedMedia): string {
  const claimed = file.mimetype?.toLowerCase() ?? '';
  return MIME.test(claimed) && claimed !== 'application/octet-stream' ? claimed : contentTypeOf(file.originalname);
}

/** A file put in the temporary area, for its owner to claim. */
export interface StagedUpload {
  /** `uploads/<companyId>/<id><ext>`: the key the owner claims. */
  path: string;
  mimetype: string;
  /** The client's file name, without control characters: metadata, never part of a key. */
  filename: string;
  size: number;
}

/**
 * The gateway owns no file: what it receives goes to the temporary area of object storage
 * (`uploads/<companyId>/<id><ext>`, a key the server makes, whatever the client named the file),
 * and the service that owns it claims it (moves it under a key of its own: the tickets service
 * for message and quick-message files, identity for announcement images) or removes it.
 */
@Injectable()
export class UploadStaging {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async stage(companyId: number, files: UploadedMedia[]): Promise<StagedUpload[]> {
    const staged: StagedUpload[] = [];
    try {
      for (const file of files) {
        const mimetype = mimetypeOf(file);
        const key = `${CONVERSATION_MEDIA_ROOTS.uploads}/${companyId}/${serverFileKeySegment(file.originalname, mimetype)}`;
        await this.storage.put(key, file.buffer, mimetype);
        staged.push({ path: key, mimetype, filename: displayName(file), size: file.size });
      }
    } catch (error) {
      await this.discard(staged.map((media) => media.path));
      throw error;
    }
    return staged;
  }

  /** Removes uploads no owner claimed. A file left behind costs space, never correctness: failures are logged, not thrown. */
  async discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.warn({ err: error, key }, 'could not delete an uploaded file');
      }
    }
  }
}
