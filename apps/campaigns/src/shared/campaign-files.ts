import { Inject, Injectable } from '@nestjs/common';
import { AppError, CONVERSATION_MEDIA_ROOTS, ErrorCode } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { claimUpload, contentTypeOf, createObjectStorage, serverFileKeySegment, toStorageKey, type ObjectStorage } from '@atrium/storage';
import type { CampaignsConfig } from '../config.js';

/** The object-storage roots this service owns (each key: `<root>/<companyId>/<id><ext>`). */
export type CampaignFileRoot = 'contact-list-imports' | 'file-lists' | 'schedules';

/**
 * Files the campaigns service owns in object storage: imported spreadsheets until read, file-list
 * options, schedule attachments. It takes over what the gateway staged for the company
 * (`uploads/<companyId>/…`, libs/storage claimUpload) and removes what it no longer needs.
 */
@Injectable()
export class CampaignFiles {
  private readonly storage: ObjectStorage;

  constructor(
    @Inject(SERVICE_CONFIG) config: CampaignsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.storage = createObjectStorage(config);
  }

  /** Takes over a file staged for the company; ERR_VALIDATION on `field` for anything else. */
  async claim(companyId: number, upload: string, root: CampaignFileRoot, field: string): Promise<string> {
    const key = await claimUpload(this.storage, upload, `${CONVERSATION_MEDIA_ROOTS.uploads}/${companyId}/`, `${root}/${companyId}/`);
    if (key === null)
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: ['not a file uploaded for this company'] }] });
    return key;
  }

  /** The file's bytes, or null when it is gone. */
  async read(key: string): Promise<Buffer | null> {
    const stored = await this.storage.get(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /**
   * A copy of one of this service's files staged for the company (`uploads/<companyId>/…`), for
   * another service to claim (the tickets service, when a schedule's attachment is sent); the
   * original stays. Null when the file is gone.
   */
  async stageCopy(companyId: number, key: string): Promise<{ path: string; mimetype: string; size: number } | null> {
    const bytes = await this.read(key);
    if (!bytes) return null;
    const mimetype = contentTypeOf(key);
    const path = `${CONVERSATION_MEDIA_ROOTS.uploads}/${companyId}/${serverFileKeySegment(key, mimetype)}`;
    await this.storage.put(path, bytes, mimetype);
    return { path, mimetype, size: bytes.length };
  }

  /** A file left behind costs space, never correctness: failures are logged, not thrown. */
  async remove(key: string | null | undefined): Promise<void> {
    if (!key || toStorageKey(key) !== key) return;
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not delete a campaigns file');
    }
  }
}
