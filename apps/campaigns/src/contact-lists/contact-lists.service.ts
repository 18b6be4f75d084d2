import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type ContactListDto,
  type ContactListsPageView,
  type ContactListsQueryDto,
  type ContactListView,
} from '@atrium/contracts';
import { hasMore } from '@atrium/kernel';
import { DATABASE } from '@atrium/service-kit';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { toContactListView } from './contact-list.view.js';
import { ContactListsEvents } from './contact-lists.events.js';
import { ContactListsRepository } from './contact-lists.repository.js';

/** Contact lists of the actor's company (spec 001 "Contact lists"), each call one tenant transaction. */
@Injectable()
export class ContactListsService {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(ContactListsRepository) private readonly lists: ContactListsRepository,
    @Inject(ContactListsEvents) private readonly events: ContactListsEvents,
  ) {}

  page(actor: Actor, query: ContactListsQueryDto): Promise<ContactListsPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const size = PAGE_SIZES.contactLists;
      const { rows, count } = await this.lists.page(tx, actor.companyId, query.searchParam, query.pageNumber, size);
      return { records: rows.map(toContactListView), count, hasMore: hasMore(query.pageNumber, size, rows.length, count) };
    });
  }

  /** `GET /contact-lists/list`: every list of the company (the campaign dialog's select). */
  all(actor: Actor): Promise<ContactListView[]> {
    return this.database.withTenant(actor.companyId, async (tx) => (await this.lists.all(tx, actor.companyId)).map(toContactListView));
  }

  show(actor: Actor, id: number): Promise<ContactListView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.lists.find(tx, actor.companyId, id);
      if (!row) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_FOUND);
      return toContactListView(row);
    });
  }

  async create(actor: Actor, dto: ContactListDto): Promise<ContactListView> {
    const row = await this.database.withTenant(actor.companyId, (tx) => this.lists.insert(tx, actor.companyId, dto.name));
    const view = toContactListView({ ...row, contactsCount: 0 });
    this.events.listSaved('create', view);
    return view;
  }

  async update(actor: Actor, id: number, dto: ContactListDto): Promise<ContactListView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.lists.rename(tx, actor.companyId, id, dto.name))) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_FOUND);
      return toContactListView((await this.lists.find(tx, actor.companyId, id))!);
    });
    this.events.listSaved('update', view);
    return view;
  }

  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    await this.database.withTenant(actor.companyId, async (tx) => {
      if (!(await this.lists.delete(tx, actor.companyId, id))) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_FOUND);
    });
    this.events.listDeleted(actor.companyId, id);
    return { message: 'Contact list deleted' };
  }
}
