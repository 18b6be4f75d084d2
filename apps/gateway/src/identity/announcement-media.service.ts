import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type ActorState, type AnnouncementMediaDto, type AnnouncementView } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { LOGGER } from '@atrium/service-kit';
import { safeFileName, type ObjectStorage } from '@atrium/storage';
import { randomBytes } from 'node:crypto';
import { OBJECT_STORAGE } from '../media/media.tokens.js';
import { acceptImage, displayName, type UploadedMedia } from '../media/uploaded-file.js';

/**
 * An announcement's image: the gateway keeps the file in the object store under
 * `announcements/<id>/<random>-<name>` and tells identity that key (mediaPath, served under
 * /public/<mediaPath>) and the client's file name (mediaName). Replaced and removed files are deleted.
 */
@Injectable()
export class AnnouncementMediaService {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async attach(actor: ActorState, id: number, file: UploadedMedia | undefined): Promise<AnnouncementView> {
    const image = acceptImage(file);
    const current = await this.rpc.request<AnnouncementView>(IdentitySubjects.announcementsShow, { id }, { actor });
    const upload = file!;
    const key = `announcements/${id}/${randomBytes(8).toString('hex')}-${safeFileName(upload.originalname, 'image')}`;
    await this.storage.put(key, upload.buffer, image.contentType);
    let saved: AnnouncementView;
    try {
      saved = await this.setMedia(actor, id, { mediaPath: key, mediaName: displayName(upload) });
    } catch (error) {
      await this.discard(key);
      throw error;
    }
    if (current.mediaPath && current.mediaPath !== key) await this.discard(current.mediaPath);
    return saved;
  }

  async detach(actor: ActorState, id: number): Promise<AnnouncementView> {
    const current = await this.rpc.request<AnnouncementView>(IdentitySubjects.announcementsShow, { id }, { actor });
    const saved = await this.setMedia(actor, id, { mediaPath: null, mediaName: null });
    if (current.mediaPath) await this.discard(current.mediaPath);
    return saved;
  }

  /** Deletes the announcement, then its image. */
  async delete(actor: ActorState, id: number): Promise<{ message: string }> {
    const deleted = await this.rpc.request<AnnouncementView>(IdentitySubjects.announcementsDelete, { id }, { actor });
    if (deleted.mediaPath) await this.discard(deleted.mediaPath);
    return { message: 'Announcement deleted' };
  }

  private setMedia(actor: ActorState, id: number, body: AnnouncementMediaDto): Promise<AnnouncementView> {
    return this.rpc.request<AnnouncementView>(IdentitySubjects.announcementsSetMedia, { id, body }, { actor });
  }

  /** A file left behind costs space, never correctness: failures are logged, not thrown. */
  private async discard(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not delete a stored media file');
    }
  }
}
