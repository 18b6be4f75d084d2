import { Inject, Injectable } from '@nestjs/common';
import { AppError, companyOfMediaKey, CONVERSATION_MEDIA_ROOTS, ErrorCode } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { claimUpload, createObjectStorage, serverFileKeySegment, toStorageKey, type ObjectStorage } from '@atrium/storage';
import { lockKeys } from '@atrium/kernel';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { MediaReferencesRepository } from './media-references.repository.js';

/** The roots whose files this service removes once nothing references them. */
const MANAGED_ROOTS: readonly string[] = Object.values(CONVERSATION_MEDIA_ROOTS);

/** Files looked up, locked and removed per transaction. */
const CHUNK = 100;

/** How long a send may take before its hold lapses (its sender is presumed dead). */
export const MEDIA_HOLD_TTL_MS = 10 * 60_000;

/** Advisory-lock topic of a stored file: removal locks it exclusively, a hold shares it. */
const LOCK_TOPIC = 'media-file';

/** A re-sent file kept from removal until the send that carries it is stored. */
export interface MediaHold {
  release(): Promise<void>;
}

/**
 * The life of conversation files in object storage. A file stays while a message or a quick
 * message carries it, or a send is about to (a hold); once the last of them goes (a deleted
 * ticket, contact or quick message, a replaced attachment, a send that failed) the file is
 * removed.
 *
 * Removal and holds exclude each other through an advisory lock per file, so a file is never
 * removed under a send that re-sends it: either the removal comes first and the send is refused
 * (the file is gone), or the hold comes first and the removal keeps the file.
 */
@Injectable()
export class MediaFiles {
  private readonly storage: ObjectStorage;

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MediaReferencesRepository) private readonly references: MediaReferencesRepository,
    @Inject(SERVICE_CONFIG) config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.storage = createObjectStorage(config);
  }

  /**
   * Takes over a file the gateway received for the company (`uploads/<companyId>/<id><ext>`):
   * moves it under `<root>/<companyId>/<ownerId>/` with the same server-made last segment, and
   * answers its new key. Refuses (ERR_VALIDATION on `field`) a key that is not such an upload, or
   * one no longer there.
   */
  async claim(companyId: number, upload: string, root: string, ownerId: number, field: string): Promise<string> {
    const key = await claimUpload(
      this.storage,
      upload,
      `${CONVERSATION_MEDIA_ROOTS.uploads}/${companyId}/`,
      `${root}/${companyId}/${ownerId}/`,
    );
    if (key === null)
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: ['not a file uploaded for this company'] }] });
    return key;
  }

  /** Stores a file the service made or fetched under `<root>/<companyId>/<ownerId>/` (a server-made name) and answers its key. */
  async store(
    companyId: number,
    root: string,
    ownerId: number,
    file: { body: Buffer; mimetype: string; filename: string },
  ): Promise<string> {
    const key = `${root}/${companyId}/${ownerId}/${serverFileKeySegment(file.filename, file.mimetype)}`;
    await this.storage.put(key, file.body, file.mimetype);
    return key;
  }

  /**
   * Keeps a stored file of the company from removal while a send re-sends it. Refuses
   * (ERR_VALIDATION on `field`) a file that is no longer stored.
   */
  async hold(companyId: number, path: string, field: string): Promise<MediaHold> {
    const id = await this.database.withTenant(companyId, async (tx) => {
      await lockKeys(tx, LOCK_TOPIC, [path], 'shared');
      if (!(await this.storage.has(path))) return undefined;
      return this.references.addHold(tx, companyId, path, MEDIA_HOLD_TTL_MS);
    });
    if (id === undefined) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: ['the file no longer exists'] }] });
    return {
      release: async () => {
        try {
          await this.database.withTenant(companyId, (tx) => this.references.releaseHold(tx, companyId, id));
        } catch (error) {
          this.logger.warn({ err: error, companyId, key: path }, 'could not release a media hold (it lapses by itself)');
        }
      },
    };
  }

  /**
   * Removes those of these files (the media of deleted messages, a quick message's former
   * attachment, the uploads of a failed send) that nothing references any more. Best effort: a
   * failure is logged and leaves the file behind, which costs space, never correctness.
   */
  async removeUnreferenced(companyId: number, paths: readonly (string | null)[]): Promise<void> {
    const candidates = [...new Set(paths)].filter(
      (path): path is string =>
        path !== null &&
        toStorageKey(path) === path &&
        MANAGED_ROOTS.includes(path.split('/')[0]!) &&
        companyOfMediaKey(path) === companyId,
    );
    for (let start = 0; start < candidates.length; start += CHUNK) {
      const chunk = candidates.slice(start, start + CHUNK);
      try {
        await this.database.withTenant(companyId, async (tx) => {
          await lockKeys(tx, LOCK_TOPIC, chunk, 'exclusive');
          await this.references.dropExpiredHolds(tx, companyId, chunk);
          const kept = await this.references.inUse(tx, companyId, chunk);
          // removed while the locks are held: no hold can start on these files meanwhile
          for (const path of chunk) if (!kept.has(path)) await this.remove(companyId, path);
        });
      } catch (error) {
        this.logger.warn({ err: error, companyId, files: chunk.length }, 'stored media not removed: could not check their use');
      }
    }
  }

  private async remove(companyId: number, path: string): Promise<void> {
    try {
      await this.storage.delete(path);
    } catch (error) {
      this.logger.warn({ err: error, companyId, key: path }, 'could not remove a stored media file');
    }
  }
}
