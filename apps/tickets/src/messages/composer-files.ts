import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  companyOfMediaKey,
  CONVERSATION_MEDIA_ROOTS,
  ErrorCode,
  isConversationMediaKey,
  mediaKeyOfUrl,
  type Actor,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { contentTypeOf, toStorageKey } from '@atrium/storage';
import { MediaFiles, type MediaHold } from '../media/media-files.js';
import { MediaReferencesRepository } from '../media/media-references.repository.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';

/** The files of a composer's send: the gateway's uploads claimed for the ticket, a stored file re-sent, and what is left of a failed send removed. */
@Injectable()
export class ComposerFiles {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(MediaFiles) private readonly media: MediaFiles,
    @Inject(MediaReferencesRepository) private readonly mediaNames: MediaReferencesRepository,
  ) {}

  /** The gateway's upload becomes this ticket's file, under a key of this service. */
  claim(companyId: number, upload: string, ticketId: number): Promise<string> {
    return this.media.claim(companyId, upload, CONVERSATION_MEDIA_ROOTS.tickets, ticketId, 'medias');
  }

  /** A re-sent file must outlive whatever deletes its other uses meanwhile. */
  hold(companyId: number, path: string): Promise<MediaHold> {
    return this.media.hold(companyId, path, 'mediaUrl');
  }

  /** The files no message carries removed. */
  removeUnreferenced(companyId: number, paths: string[]): Promise<void> {
    return this.media.removeUnreferenced(companyId, paths);
  }

  /**
   * `mediaUrl`: a stored file of this company re-sent (a quick message's attachment, a file of
   * another ticket), under the name a message or quick message carrying it gives it.
   */
  async resent(actor: Actor, mediaUrl: string | undefined): Promise<{ path: string; mimetype: string; filename: string } | undefined> {
    if (!mediaUrl) return undefined;
    const raw = mediaKeyOfUrl(mediaUrl);
    const key = raw === null ? null : toStorageKey(raw);
    if (
      key === null ||
      !isConversationMediaKey(key) ||
      key.startsWith(`${CONVERSATION_MEDIA_ROOTS.uploads}/`) ||
      companyOfMediaKey(key) !== actor.companyId
    ) {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'mediaUrl', messages: ['not a file of this company'] }] });
    }
    const name = await this.database.withTenant(actor.companyId, (tx) => this.mediaNames.nameOf(tx, actor.companyId, key));
    return { path: key, mimetype: contentTypeOf(key), filename: name ?? key.split('/').pop()! };
  }
}
