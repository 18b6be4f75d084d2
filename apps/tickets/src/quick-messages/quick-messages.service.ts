import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CONVERSATION_MEDIA_ROOTS,
  ErrorCode,
  isAdmin,
  publicMediaUrl,
  type Actor,
  type QuickMessageDto,
  type QuickMessageMediaDto,
  type QuickMessagesPageView,
  type QuickMessagesQueryDto,
  type QuickMessageView,
  type UpdateQuickMessageDto,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { hasMore } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { MediaFiles } from '../media/media-files.js';
import { TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase, TicketsTx } from '../shared/tickets-database.js';
import { QuickMessagesRepository, type QuickMessageRow, type QuickMessageScope } from './quick-messages.repository.js';

function toView(row: QuickMessageRow): QuickMessageView {
  return {
    id: row.id,
    companyId: row.companyId,
    userId: row.userId,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    status: row.status,
    isMedia: row.mediaPath !== null,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    mediaUrl: publicMediaUrl(row.mediaPath),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Quick replies (spec 001 "Quick messages"; the composer suggests them after '/'). A user sees
 * and manages their own and reads the shared (geral) ones; admins manage all of the company's.
 */
@Injectable()
export class QuickMessagesService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(QuickMessagesRepository) private readonly quickMessages: QuickMessagesRepository,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(MediaFiles) private readonly media: MediaFiles,
  ) {}

  page(actor: Actor, query: QuickMessagesQueryDto): Promise<QuickMessagesPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const { rows, count } = await this.quickMessages.page(tx, actor.companyId, this.scope(actor), query.searchParam, query.pageNumber);
      return { records: rows.map(toView), count, hasMore: hasMore(query.pageNumber, PAGE_SIZES.quickMessages, rows.length, count) };
    });
  }

  /** The composer's suggestions: the user's own and the shared ones, active only. */
  list(actor: Actor): Promise<QuickMessageView[]> {
    return this.database.withTenant(actor.companyId, async (tx) =>
      (await this.quickMessages.list(tx, actor.companyId, { userId: actor.userId, everyone: false })).map(toView),
    );
  }

  show(actor: Actor, id: number): Promise<QuickMessageView> {
    return this.database.withTenant(actor.companyId, async (tx) => toView(await this.readable(tx, actor, id)));
  }

  async create(actor: Actor, dto: QuickMessageDto): Promise<QuickMessageView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) =>
      toView(
        await this.quickMessages.insert(tx, {
          companyId: actor.companyId,
          userId: actor.userId,
          shortcode: dto.shortcode,
          message: dto.message ?? '',
          geral: dto.geral ?? false,
          status: dto.status ?? true,
        }),
      ),
    );
    this.events.quickMessageSaved('create', view);
    return view;
  }

  /**
   * The attachment the gateway received (an upload this service claims, under
   * `quick-messages/<companyId>/<id>/`), or none. The former attachment's file is removed unless a
   * sent message still carries it.
   */
  async setMedia(actor: Actor, id: number, dto: QuickMessageMediaDto): Promise<QuickMessageView> {
    if (dto.mediaPath === null) return this.replaceMedia(actor, id, { mediaPath: null, mediaName: null });
    await this.database.withTenant(actor.companyId, (tx) => this.writable(tx, actor, id));
    const mediaPath = await this.media.claim(actor.companyId, dto.mediaPath, CONVERSATION_MEDIA_ROOTS.quickMessages, id, 'mediaPath');
    try {
      return await this.replaceMedia(actor, id, { mediaPath, mediaName: dto.mediaName });
    } catch (error) {
      await this.media.removeUnreferenced(actor.companyId, [mediaPath]);
      throw error;
    }
  }

  private async replaceMedia(actor: Actor, id: number, media: QuickMessageMediaDto): Promise<QuickMessageView> {
    const { view, former } = await this.save(actor, id, media);
    if (former.mediaPath !== media.mediaPath) await this.media.removeUnreferenced(actor.companyId, [former.mediaPath]);
    return view;
  }

  async update(actor: Actor, id: number, dto: UpdateQuickMessageDto): Promise<QuickMessageView> {
    return (await this.save(actor, id, dto)).view;
  }

  /** Saves changes of a quick message the actor may edit and announces it; answers it, and the row it was. */
  private async save(
    actor: Actor,
    id: number,
    values: UpdateQuickMessageDto | QuickMessageMediaDto,
  ): Promise<{ view: QuickMessageView; former: QuickMessageRow }> {
    const saved = await this.database.withTenant(actor.companyId, async (tx) => {
      const former = await this.writable(tx, actor, id);
      return { view: toView((await this.quickMessages.update(tx, actor.companyId, id, values))!), former };
    });
    this.events.quickMessageSaved('update', saved.view);
    return saved;
  }

  /** Deletes the quick message; its attachment's file goes too unless a sent message still carries it. */
  async delete(actor: Actor, id: number): Promise<QuickMessageView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.writable(tx, actor, id);
      await this.quickMessages.delete(tx, actor.companyId, id);
      return toView(row);
    });
    this.events.quickMessageDeleted(view);
    await this.media.removeUnreferenced(actor.companyId, [view.mediaPath]);
    return view;
  }

  private scope(actor: Actor): QuickMessageScope {
    return { userId: actor.userId, everyone: isAdmin(actor) };
  }

  private async readable(tx: TicketsTx, actor: Actor, id: number): Promise<QuickMessageRow> {
    const row = await this.quickMessages.findById(tx, actor.companyId, id);
    if (!row || !(row.geral || row.userId === actor.userId || isAdmin(actor))) throw new AppError(ErrorCode.ERR_NO_QUICK_MESSAGE_FOUND);
    return row;
  }

  private async writable(tx: TicketsTx, actor: Actor, id: number): Promise<QuickMessageRow> {
    const row = await this.readable(tx, actor, id);
    if (row.userId !== actor.userId && !isAdmin(actor)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    return row;
  }
}
