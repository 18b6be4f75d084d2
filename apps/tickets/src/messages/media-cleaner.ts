import { Inject, Injectable } from '@nestjs/common';
import { companyOfMediaKey, CONVERSATION_MEDIA_ROOTS } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { createObjectStorage, toStorageKey, type ObjectStorage } from '@atrium/storage';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { MessagesRepository } from './messages.repository.js';

/** Roots of the files that belong to messages (quick-message attachments live on with their quick message). */
const MESSAGE_MEDIA_ROOTS: readonly string[] = [CONVERSATION_MEDIA_ROOTS.tickets, CONVERSATION_MEDIA_ROOTS.whatsapp];

/** Files looked up (and removed) per query. */
const CHUNK = 500;

/**
 * Removes from object storage the files of deleted messages (a deleted ticket, or a contact with
 * its tickets), once the delete committed. A file that a remaining message still carries (a file
 * re-sent in another ticket) stays. Best effort: a failure is logged and leaves the file behind,
 * which costs space, never correctness.
 */
@Injectable()
export class MediaCleaner {
  private readonly storage: ObjectStorage;

  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(SERVICE_CONFIG) config: TicketsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.storage = createObjectStorage(config);
  }

  /** `paths`: the media paths the deleted messages carried. */
  async removeUnreferenced(companyId: number, paths: readonly string[]): Promise<void> {
    const candidates = [...new Set(paths)].filter(
      (path) => toStorageKey(path) === path && MESSAGE_MEDIA_ROOTS.includes(path.split('/')[0]!) && companyOfMediaKey(path) === companyId,
    );
    for (let start = 0; start < candidates.length; start += CHUNK) {
      const chunk = candidates.slice(start, start + CHUNK);
      let kept: Set<string>;
      try {
        kept = await this.database.withTenant(companyId, (tx) => this.messages.referencedMedia(tx, companyId, chunk));
      } catch (error) {
        this.logger.warn({ err: error, companyId, files: chunk.length }, 'media of deleted messages not removed: could not check their use');
        continue;
      }
      for (const path of chunk) {
        if (kept.has(path)) continue;
        try {
          await this.storage.delete(path);
        } catch (error) {
          this.logger.warn({ err: error, companyId, key: path }, 'could not remove the media of a deleted message');
        }
      }
    }
  }
}
