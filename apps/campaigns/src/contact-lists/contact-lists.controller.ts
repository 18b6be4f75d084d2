import { Controller, Inject } from '@nestjs/common';
import {
  CampaignsSubjects,
  ContactListDto,
  ContactListItemDto,
  ContactListItemsQueryDto,
  ContactListUploadDto,
  ContactListsQueryDto,
  UpdateContactListItemDto,
  type Actor,
  type ContactListImportProgress,
  type ContactListItemsPageView,
  type ContactListItemView,
  type ContactListsPageView,
  type ContactListView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { ContactListImportsService } from './contact-list-imports.service.js';
import { ContactListItemsService } from './contact-list-items.service.js';
import { ContactListsService } from './contact-lists.service.js';

/** Thin: validates at the NATS boundary, calls one service method (`campaigns.contact-lists.*`, `campaigns.contact-list-items.*`). */
@Controller()
export class ContactListsController {
  constructor(
    @Inject(ContactListsService) private readonly lists: ContactListsService,
    @Inject(ContactListItemsService) private readonly items: ContactListItemsService,
    @Inject(ContactListImportsService) private readonly imports: ContactListImportsService,
  ) {}

  @RpcHandler(CampaignsSubjects.contactListsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: ContactListsQueryDto }) query: ContactListsQueryDto): Promise<ContactListsPageView> {
    return this.lists.page(actor, query);
  }

  @RpcHandler(CampaignsSubjects.contactListsAll)
  all(@RpcActor() actor: Actor): Promise<ContactListView[]> {
    return this.lists.all(actor);
  }

  @RpcHandler(CampaignsSubjects.contactListsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<ContactListView> {
    return this.lists.show(actor, id);
  }

  @RpcHandler(CampaignsSubjects.contactListsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: ContactListDto }) dto: ContactListDto): Promise<ContactListView> {
    return this.lists.create(actor, dto);
  }

  @RpcHandler(CampaignsSubjects.contactListsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: ContactListDto, path: 'body' }) dto: ContactListDto,
  ): Promise<ContactListView> {
    return this.lists.update(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.contactListsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.lists.delete(actor, id);
  }

  @RpcHandler(CampaignsSubjects.contactListsImport)
  import(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: ContactListUploadDto, path: 'body' }) dto: ContactListUploadDto,
  ): Promise<ContactListImportProgress> {
    return this.imports.start(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.contactListsLatestImport)
  latestImport(@RpcActor() actor: Actor, @RpcId() id: number): Promise<ContactListImportProgress | null> {
    return this.imports.latest(actor, id);
  }

  @RpcHandler(CampaignsSubjects.contactListItemsPage)
  itemsPage(
    @RpcActor() actor: Actor,
    @RpcData({ dto: ContactListItemsQueryDto }) query: ContactListItemsQueryDto,
  ): Promise<ContactListItemsPageView> {
    return this.items.page(actor, query);
  }

  @RpcHandler(CampaignsSubjects.contactListItemsShow)
  itemShow(@RpcActor() actor: Actor, @RpcId() id: number): Promise<ContactListItemView> {
    return this.items.show(actor, id);
  }

  @RpcHandler(CampaignsSubjects.contactListItemsCreate)
  itemCreate(@RpcActor() actor: Actor, @RpcData({ dto: ContactListItemDto }) dto: ContactListItemDto): Promise<ContactListItemView> {
    return this.items.create(actor, dto);
  }

  @RpcHandler(CampaignsSubjects.contactListItemsUpdate)
  itemUpdate(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateContactListItemDto, path: 'body' }) dto: UpdateContactListItemDto,
  ): Promise<ContactListItemView> {
    return this.items.update(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.contactListItemsDelete)
  itemDelete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.items.delete(actor, id);
  }
}
