import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  IdentitySubjects,
  type ActorState,
  type AnnouncementMediaDto,
  type AnnouncementView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { UploadStaging } from '../media/upload-staging.js';
import { acceptImage, type UploadedMedia } from '../media/uploaded-file.js';

/**
 * An announcement's image: the gateway checks it is an image and stages it (UploadStaging); the
 * identity service, which owns announcements, claims it under `announcements/<id>/<id><ext>`
 * (mediaPath, served under /public/<mediaPath>) with the client's file name as mediaName, and
 * removes the files of replaced images and deleted announcements.
 */
@Injectable()
export class AnnouncementMediaService {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  async attach(actor: ActorState, id: number, file: UploadedMedia | undefined): Promise<AnnouncementView> {
    const image = acceptImage(file);
    await this.rpc.request(IdentitySubjects.announcementsShow, { id }, { actor });
    const [staged] = await this.uploads.stage(actor.companyId, [{ ...file!, mimetype: image.contentType }]);
    try {
      return await this.setMedia(actor, id, { mediaPath: staged!.path, mediaName: staged!.filename });
    } catch (error) {
      // refused: nothing claimed the file (unanswered: it may have, so it stays)
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await this.uploads.discard([staged!.path]);
      throw error;
    }
  }

  detach(actor: ActorState, id: number): Promise<AnnouncementView> {
    return this.setMedia(actor, id, { mediaPath: null, mediaName: null });
  }

  /** Deletes the announcement (identity removes its image). */
  async delete(actor: ActorState, id: number): Promise<{ message: string }> {
    await this.rpc.request(IdentitySubjects.announcementsDelete, { id }, { actor });
    return { message: 'Announcement deleted' };
  }

  private setMedia(actor: ActorState, id: number, body: AnnouncementMediaDto): Promise<AnnouncementView> {
    return this.rpc.request(IdentitySubjects.announcementsSetMedia, { id, body }, { actor });
  }
}
