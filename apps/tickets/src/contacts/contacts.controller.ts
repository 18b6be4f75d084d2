import { Controller, Inject } from '@nestjs/common';
import {
  ContactDto,
  ContactIdsDto,
  ContactsListQueryDto,
  ContactsQueryDto,
  TicketsSubjects,
  UpdateContactDto,
  type Actor,
  type ContactsPageView,
  type ContactView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { ContactImporter } from './contact-importer.js';
import { ContactsService } from './contacts.service.js';

@Controller()
export class ContactsController {
  constructor(
    @Inject(ContactsService) private readonly contacts: ContactsService,
    @Inject(ContactImporter) private readonly importer: ContactImporter,
  ) {}

  @RpcHandler(TicketsSubjects.contactsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: ContactsQueryDto }) query: ContactsQueryDto): Promise<ContactsPageView> {
    return this.contacts.page(actor, query);
  }

  @RpcHandler(TicketsSubjects.contactsList)
  list(@RpcActor() actor: Actor, @RpcData({ dto: ContactsListQueryDto }) query: ContactsListQueryDto): Promise<ContactView[]> {
    return this.contacts.list(actor, query);
  }

  @RpcHandler(TicketsSubjects.contactsNames)
  names(@RpcActor() actor: Actor, @RpcData({ dto: ContactIdsDto }) dto: ContactIdsDto): Promise<Array<Pick<ContactView, 'id' | 'name'>>> {
    return this.contacts.names(actor, dto.ids);
  }

  @RpcHandler(TicketsSubjects.contactsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<ContactView> {
    return this.contacts.show(actor, id);
  }

  @RpcHandler(TicketsSubjects.contactsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: ContactDto }) dto: ContactDto): Promise<ContactView> {
    return this.contacts.create(actor, dto);
  }

  @RpcHandler(TicketsSubjects.contactsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateContactDto, path: 'body' }) dto: UpdateContactDto,
  ): Promise<ContactView> {
    return this.contacts.update(actor, id, dto);
  }

  /** No data: imports the default connection's address book. */
  @RpcHandler(TicketsSubjects.contactsImport)
  importFromPhone(@RpcActor() actor: Actor): Promise<ContactView[]> {
    return this.importer.importFromPhone(actor);
  }

  @RpcHandler(TicketsSubjects.contactsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.contacts.delete(actor, id);
  }
}
