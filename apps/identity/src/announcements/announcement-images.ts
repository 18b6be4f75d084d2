import { Inject, Injectable } from '@nestjs/common';
import { AppError, CONVERSATION_MEDIA_ROOTS, ErrorCode } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { claimUpload, createObjectStorage, toStorageKey, type ObjectStorage } from '@atrium/storage';
import type { IdentityConfig } from '../config.js';

/** Announcement images in object storage: `announcements/<id>/<id><ext>`, owned by this service. */
@Injectable()
export class AnnouncementImages {
  private readonly storage: ObjectStorage;

  constructor(
    @Inject(SERVICE_CONFIG) config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.storage = createObjectStorage(config);
  }

  /**
   * Takes over an image the gateway staged for the actor's company (`uploads/<companyId>/<id><ext>`)
   * as the announcement's; answers its key. ERR_VALIDATION on mediaPath for anything else.
   */
  async claim(companyId: number, upload: string, announcementId: number): Promise<string> {
    const key = await claimUpload(
      this.storage,
      upload,
      `${CONVERSATION_MEDIA_ROOTS.uploads}/${companyId}/`,
      `announcements/${announcementId}/`,
    );
    if (key === null)
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [{ field: 'mediaPath', messages: ['not a file uploaded for this company'] }],
      });
    return key;
  }

  /** A file left behind costs space, never correctness: failures are logged, not thrown. */
  async remove(key: string | null): Promise<void> {
    if (key === null || toStorageKey(key) !== key || !key.startsWith('announcements/')) return;
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not delete an announcement image');
    }
  }
}
