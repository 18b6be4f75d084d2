import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type HelpDto,
  type HelpView,
  type Page,
  type PageQueryDto,
  type UpdateHelpDto,
} from '@atrium/contracts';
import { requireSuper, toPage } from '@atrium/kernel';
import { PAGE_SIZE } from '../shared/page-sizes.js';
import { HelpsRepository, type HelpRow } from './helps.repository.js';

export function toHelpView(row: HelpRow): HelpView {
  return {
    id: row.id,
    title: row.title,
    video: row.video,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Help videos (spec 001 'Help'): every logged-in user reads them; super users manage them. */
@Injectable()
export class HelpsService {
  constructor(@Inject(HelpsRepository) private readonly helps: HelpsRepository) {}

  async page(query: PageQueryDto): Promise<Page<HelpView>> {
    const { rows, count } = await this.helps.page(query.searchParam, query.pageNumber);
    return toPage(rows.map(toHelpView), count, query.pageNumber, PAGE_SIZE);
  }

  async list(): Promise<HelpView[]> {
    return (await this.helps.all()).map(toHelpView);
  }

  async show(id: number): Promise<HelpView> {
    return toHelpView(this.found(await this.helps.findById(id)));
  }

  async create(actor: Actor, dto: HelpDto): Promise<HelpView> {
    requireSuper(actor);
    return toHelpView(await this.helps.create(dto));
  }

  async update(actor: Actor, id: number, dto: UpdateHelpDto): Promise<HelpView> {
    requireSuper(actor);
    return toHelpView(this.found(await this.helps.update(id, dto)));
  }

  async delete(actor: Actor, id: number): Promise<void> {
    requireSuper(actor);
    if (!(await this.helps.delete(id))) throw new AppError(ErrorCode.ERR_NO_HELP_FOUND);
  }

  private found(row: HelpRow | undefined): HelpRow {
    if (!row) throw new AppError(ErrorCode.ERR_NO_HELP_FOUND);
    return row;
  }
}
