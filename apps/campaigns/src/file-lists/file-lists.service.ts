import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type FileListDto,
  type FileListsPageView,
  type FileListsQueryDto,
  type FileListUploadDto,
  type FileListView,
} from '@atrium/contracts';
import { hasMore } from '@atrium/kernel';
import { EventBus } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { CampaignFiles } from '../shared/campaign-files.js';
import type { CampaignsDatabase, CampaignsTx } from '../shared/campaigns-database.js';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import { toFileListView } from './file-list.view.js';
import { FileListsRepository } from './file-lists.repository.js';

const notFound = (): AppError => new AppError(ErrorCode.ERR_NO_FILE_LIST_FOUND);

/**
 * File lists of the actor's company (spec 001 "Files"): a name, a message and options, each a
 * name and a file (uploaded by `POST /files/uploadList/{id}`, owned here under `file-lists/`).
 * Live on `company-{id}-file`.
 */
@Injectable()
export class FileListsService {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(FileListsRepository) private readonly lists: FileListsRepository,
    @Inject(CampaignFiles) private readonly files: CampaignFiles,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  page(actor: Actor, query: FileListsQueryDto): Promise<FileListsPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const size = PAGE_SIZES.fileLists;
      const { rows, count } = await this.lists.page(tx, actor.companyId, query.searchParam, query.pageNumber, size);
      return { files: rows.map(toFileListView), count, hasMore: hasMore(query.pageNumber, size, rows.length, count) };
    });
  }

  show(actor: Actor, id: number): Promise<FileListView> {
    return this.database.withTenant(actor.companyId, async (tx) => toFileListView(await this.existing(tx, actor.companyId, id)));
  }

  async create(actor: Actor, dto: FileListDto): Promise<FileListView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.lists.insert(tx, {
        companyId: actor.companyId,
        name: dto.name,
        message: dto.message,
        userId: actor.userId || null,
      });
      await this.lists.insertOptions(
        tx,
        actor.companyId,
        row.id,
        (dto.options ?? []).map((option) => option.name),
      );
      return toFileListView(await this.existing(tx, actor.companyId, row.id));
    });
    this.publish('create', view);
    return view;
  }

  /** Options with an id of this list are renamed, others are added; options left out are removed with their files. */
  async update(actor: Actor, id: number, dto: FileListDto): Promise<FileListView> {
    const { view, removed } = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id, { forUpdate: true });
      const ownIds = new Set(current.options.map((option) => option.id));
      const options = dto.options ?? [];
      const kept = options.filter((option) => option.id !== undefined && ownIds.has(option.id));
      await this.lists.update(tx, actor.companyId, id, { name: dto.name, message: dto.message, userId: actor.userId || null });
      const removed = await this.lists.removeOptionsExcept(
        tx,
        id,
        kept.map((option) => option.id!),
      );
      for (const option of kept) await this.lists.renameOption(tx, id, option.id!, option.name);
      await this.lists.insertOptions(
        tx,
        actor.companyId,
        id,
        options.filter((option) => !kept.includes(option)).map((option) => option.name),
      );
      return { view: toFileListView(await this.existing(tx, actor.companyId, id)), removed };
    });
    for (const option of removed) await this.files.remove(option.path);
    this.publish('update', view);
    return view;
  }

  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    const removed = await this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.lists.delete(tx, actor.companyId, id);
      if (!row) throw notFound();
      return row;
    });
    for (const option of removed.options) await this.files.remove(option.path);
    this.bus.publish({ kind: 'file', companyId: actor.companyId, payload: { action: 'delete', fileId: id } });
    return { message: 'File list deleted' };
  }

  /** Claims each staged file for its option (an option of another list is refused, and nothing is kept). */
  async upload(actor: Actor, id: number, dto: FileListUploadDto): Promise<FileListView> {
    await this.show(actor, id);
    const claimed: string[] = [];
    let replaced: Array<string | null> = [];
    try {
      for (const file of dto.files) claimed.push(await this.files.claim(actor.companyId, file.upload, 'file-lists', 'files'));
      replaced = await this.database.withTenant(actor.companyId, async (tx) => {
        await this.existing(tx, actor.companyId, id, { forUpdate: true });
        const previous: Array<string | null> = [];
        for (const [index, file] of dto.files.entries()) {
          const set = await this.lists.setOptionFile(tx, id, file.optionId, {
            path: claimed[index]!,
            fileName: file.fileName,
            mediaType: file.mediaType,
          });
          if (!set)
            throw new AppError(ErrorCode.ERR_VALIDATION, {
              fields: [{ field: `id[${index}]`, messages: ['not an option of this file list'] }],
            });
          previous.push(set.previous);
        }
        return previous;
      });
    } catch (error) {
      for (const key of claimed) await this.files.remove(key);
      throw error;
    }
    for (const key of replaced) await this.files.remove(key);
    const view = await this.show(actor, id);
    this.publish('update', view);
    return view;
  }

  private publish(action: 'create' | 'update', fileList: FileListView): void {
    this.bus.publish({ kind: 'file', companyId: fileList.companyId, payload: { action, fileList, files: fileList } });
  }

  private async existing(tx: CampaignsTx, companyId: number, id: number, options: { forUpdate?: boolean } = {}) {
    const row = await this.lists.find(tx, companyId, id, options);
    if (!row) throw notFound();
    return row;
  }
}
