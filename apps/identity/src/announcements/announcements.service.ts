import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type AnnouncementDto,
  type AnnouncementMediaDto,
  type AnnouncementView,
  type Page,
  type PageQueryDto,
  type UpdateAnnouncementDto,
} from '@atrium/contracts';
import { requireSuper, toPage } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { AnnouncementEvents } from './announcement.events.js';
import { AnnouncementImages } from './announcement-images.js';
import { AnnouncementsRepository, type AnnouncementRow } from './announcements.repository.js';

export function toAnnouncementView(row: AnnouncementRow): AnnouncementView {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority as AnnouncementView['priority'],
    status: row.status,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Announcements (spec 001): super users manage them; everyone else reads only the active ones
 * (an inactive one does not exist for them). Every change is announced live.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    @Inject(AnnouncementsRepository) private readonly announcements: AnnouncementsRepository,
    @Inject(AnnouncementEvents) private readonly events: AnnouncementEvents,
    @Inject(AnnouncementImages) private readonly images: AnnouncementImages,
  ) {}

  async page(actor: Actor, query: PageQueryDto): Promise<Page<AnnouncementView>> {
    const { rows, count } = await this.announcements.page({ searchParam: query.searchParam, activeOnly: !actor.super }, query.pageNumber);
    return toPage(rows.map(toAnnouncementView), count, query.pageNumber, PAGE_SIZE);
  }

  async show(actor: Actor, id: number): Promise<AnnouncementView> {
    const row = await this.announcements.findById(id);
    if (!row || (!row.status && !actor.super)) throw new AppError(ErrorCode.ERR_NO_ANNOUNCEMENT_FOUND);
    return toAnnouncementView(row);
  }

  async create(actor: Actor, dto: AnnouncementDto): Promise<AnnouncementView> {
    requireSuper(actor);
    const record = toAnnouncementView(await this.announcements.create(dto));
    this.events.saved('create', record);
    return record;
  }

  async update(actor: Actor, id: number, dto: UpdateAnnouncementDto): Promise<AnnouncementView> {
    requireSuper(actor);
    return this.saved(await this.announcements.update(id, dto));
  }

  /**
   * The image the gateway staged (claimed as this announcement's), or none; the former image's
   * file is removed.
   */
  async setMedia(actor: Actor, id: number, media: AnnouncementMediaDto): Promise<AnnouncementView> {
    requireSuper(actor);
    const former = await this.announcements.findById(id);
    if (!former) throw new AppError(ErrorCode.ERR_NO_ANNOUNCEMENT_FOUND);
    const mediaPath = media.mediaPath === null ? null : await this.images.claim(actor.companyId, media.mediaPath, id);
    let record: AnnouncementView;
    try {
      record = this.saved(await this.announcements.update(id, { mediaPath, mediaName: mediaPath === null ? null : media.mediaName }));
    } catch (error) {
      await this.images.remove(mediaPath);
      throw error;
    }
    if (former.mediaPath !== mediaPath) await this.images.remove(former.mediaPath);
    return record;
  }

  /** Deletes the announcement and its image. */
  async delete(actor: Actor, id: number): Promise<AnnouncementView> {
    requireSuper(actor);
    const row = await this.announcements.delete(id);
    if (!row) throw new AppError(ErrorCode.ERR_NO_ANNOUNCEMENT_FOUND);
    this.events.deleted(id);
    await this.images.remove(row.mediaPath);
    return toAnnouncementView(row);
  }

  private saved(row: AnnouncementRow | undefined): AnnouncementView {
    if (!row) throw new AppError(ErrorCode.ERR_NO_ANNOUNCEMENT_FOUND);
    const record = toAnnouncementView(row);
    this.events.saved('update', record);
    return record;
  }
}
