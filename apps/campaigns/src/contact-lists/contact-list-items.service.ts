import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type ContactListItemDto,
  type ContactListItemsPageView,
  type ContactListItemsQueryDto,
  type ContactListItemView,
  type UpdateContactListItemDto,
} from '@atrium/contracts';
import { hasMore } from '@atrium/kernel';
import { DATABASE } from '@atrium/service-kit';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import type { CampaignsDatabase, CampaignsTx } from '../shared/campaigns-database.js';
import { ContactListItemsRepository } from './contact-list-items.repository.js';
import { toContactListItemView } from './contact-list.view.js';
import { ContactListsEvents } from './contact-lists.events.js';
import { ContactListsRepository } from './contact-lists.repository.js';

const duplicated = (): AppError =>
  new AppError(ErrorCode.ERR_DUPLICATED_CONTACT, { fields: [{ field: 'number', messages: ['this number is already in the list'] }] });

/**
 * The people of a contact list (spec 001 "Contact list items"). A number is unique within its
 * list (ERR_DUPLICATED_CONTACT); the list must be one of the actor's company's.
 */
@Injectable()
export class ContactListItemsService {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(ContactListsRepository) private readonly lists: ContactListsRepository,
    @Inject(ContactListItemsRepository) private readonly items: ContactListItemsRepository,
    @Inject(ContactListsEvents) private readonly events: ContactListsEvents,
  ) {}

  page(actor: Actor, query: ContactListItemsQueryDto): Promise<ContactListItemsPageView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      await this.requireList(tx, actor.companyId, query.contactListId);
      const size = PAGE_SIZES.contactListItems;
      const { rows, count } = await this.items.page(tx, actor.companyId, query.contactListId, query.searchParam, query.pageNumber, size);
      return { contacts: rows.map(toContactListItemView), count, hasMore: hasMore(query.pageNumber, size, rows.length, count) };
    });
  }

  show(actor: Actor, id: number): Promise<ContactListItemView> {
    return this.database.withTenant(actor.companyId, async (tx) => toContactListItemView(await this.existing(tx, actor.companyId, id)));
  }

  async create(actor: Actor, dto: ContactListItemDto): Promise<ContactListItemView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.requireList(tx, actor.companyId, dto.contactListId);
      const row = await this.items.insert(tx, actor.companyId, dto.contactListId, {
        name: dto.name,
        number: dto.number,
        email: dto.email || null,
      });
      if (!row) throw duplicated();
      return toContactListItemView(row);
    });
    this.events.itemSaved('create', view);
    return view;
  }

  async update(actor: Actor, id: number, dto: UpdateContactListItemDto): Promise<ContactListItemView> {
    const view = await this.database.withTenant(actor.companyId, async (tx) => {
      const current = await this.existing(tx, actor.companyId, id);
      const numberChanged = dto.number !== undefined && dto.number !== current.number;
      if (numberChanged && (await this.items.numberTaken(tx, current.contactListId, dto.number!, id))) throw duplicated();
      const changes = { name: dto.name, number: dto.number, email: dto.email === undefined ? undefined : dto.email || null };
      return toContactListItemView((await this.items.update(tx, actor.companyId, id, changes, numberChanged))!);
    });
    this.events.itemSaved('update', view);
    return view;
  }

  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    const row = await this.database.withTenant(actor.companyId, async (tx) => {
      const deleted = await this.items.delete(tx, actor.companyId, id);
      if (!deleted) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_ITEM_FOUND);
      return deleted;
    });
    this.events.itemDeleted(actor.companyId, row.contactListId, id);
    return { message: 'Contact deleted' };
  }

  private async requireList(tx: CampaignsTx, companyId: number, contactListId: number): Promise<void> {
    if (!(await this.lists.lock(tx, companyId, contactListId))) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_FOUND);
  }

  private async existing(tx: CampaignsTx, companyId: number, id: number) {
    const row = await this.items.find(tx, companyId, id);
    if (!row) throw new AppError(ErrorCode.ERR_NO_CONTACT_LIST_ITEM_FOUND);
    return row;
  }
}
